import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { Bloco } from '#schemas/contract.ts';
import { RadioOption } from '#src/components/radio-option.tsx';

/**
 * The blocks (sectors) of a session, as a radio group of native radios (arrow keys move and
 * pick, one Tab stop): named by the section's heading, described by the map's help text. A
 * sold-out block is shown but cannot be picked.
 */
export function BlockPickerView({
  blocos,
  selected,
  onSelect,
  labelledBy,
  describedBy,
}: {
  blocos: Bloco[];
  selected: number | null;
  onSelect(idbloco: number): void;
  labelledBy: string;
  /** The id of the help text (mapa.help). */
  describedBy?: string;
}) {
  const intl = useIntl();
  return (
    <SimpleGrid
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      columns={{ base: 1, sm: 2, md: 3 }}
      gap="2"
      data-testid="block-picker"
    >
      {blocos.map((b) => {
        const active = b.idbloco === selected;
        const soldOut = b.disponivel <= 0;
        return (
          <RadioOption
            key={b.idbloco}
            name="bloco"
            value={b.idbloco}
            checked={active}
            disabled={soldOut}
            onSelect={() => onSelect(b.idbloco)}
            testId={`block-${b.idbloco}`}
          >
            <Box>
              <Text fontWeight="semibold">{b.nome}</Text>
              <Text fontSize="sm" color="fg.muted">
                {soldOut
                  ? intl.formatMessage({ id: 'product.soldOut' })
                  : intl.formatMessage({ id: 'product.available' }, { qtd: b.disponivel })}
              </Text>
            </Box>
          </RadioOption>
        );
      })}
    </SimpleGrid>
  );
}
