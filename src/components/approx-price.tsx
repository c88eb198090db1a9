import { Alert, Text, type TextProps } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatApprox } from '../../schemas/money';
import { useRate } from '../lib/currency';

/**
 * "≈ US$ 12.34 · rate of 11/25/2026" beside a BRL price, when the visitor chose another
 * currency in the header (the currency modal); nothing with BRL or for nothing to pay.
 */
export function ApproxPrice({ reais, ...props }: { reais: number } & TextProps) {
  const intl = useIntl();
  const rate = useRate();
  // Nothing chosen yet (R$ 0,00) needs no approximation.
  if (!rate || reais <= 0) return null;
  const { valor, data } = formatApprox(reais, rate, intl.locale);
  return (
    <Text
      as="span"
      display="block"
      fontSize="xs"
      fontWeight="normal"
      color="fg.muted"
      fontVariantNumeric="tabular-nums"
      data-testid="approx-price"
      {...props}
    >
      <FormattedMessage id="currency.approx" values={{ valor, data }} />
    </Text>
  );
}

/** The checkout's reminder, when another currency is chosen: payment is in reais. */
export function PaidInReaisNote() {
  const rate = useRate();
  if (!rate) return null;
  return (
    <Alert.Root status="info" size="sm" data-testid="paid-in-brl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <FormattedMessage id="currency.paidInReais" values={{ moeda: rate.moeda }} />
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
