import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { MinusIcon, PlusIcon } from '#src/components/chakra-icons.tsx';

/**
 * − n + for one product. The buttons are named after the product ("Adicionar 1 Inteira") so
 * a screen reader (and a test) can tell the rows apart; the value is announced as it changes.
 */
export function QuantityStepper({
  productName,
  value,
  max,
  onChange,
  disabled,
}: {
  productName: string;
  value: number;
  max: number;
  onChange(next: number): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <HStack
      gap="1"
      role="group"
      aria-label={intl.formatMessage({ id: 'product.quantityOf' }, { produto: productName })}
    >
      <IconButton
        aria-label={intl.formatMessage({ id: 'product.removeOne' }, { produto: productName })}
        size="sm"
        variant="outline"
        rounded="full"
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon />
      </IconButton>
      <Text
        as="output"
        aria-live="polite"
        minW="8"
        textAlign="center"
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        data-testid="quantity"
      >
        {value}
      </Text>
      <IconButton
        aria-label={intl.formatMessage({ id: 'product.addOne' }, { produto: productName })}
        size="sm"
        variant="solid"
        rounded="full"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon />
      </IconButton>
    </HStack>
  );
}
