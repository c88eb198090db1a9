import { FormattedMessage, useIntl } from 'react-intl';
import { formatApprox } from '#schemas/money.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useRate } from '#src/lib/currency.ts';

/** Chakra's Text as it drew the approximation: a small muted line of its own. */
export const APPROX = defineClassSet('approx-price', {
  line: {
    display: 'block',
    fontSize: 'xs',
    fontWeight: 'normal',
    color: 'fg.muted',
    fontVariantNumeric: 'tabular-nums',
  },
});

/**
 * "≈ US$ 12.34 · rate of 11/25/2026" beside a BRL price, when the visitor chose another
 * currency in the header (the currency modal); nothing with BRL or for nothing to pay.
 */
export function ApproxPrice({
  reais,
  'data-testid': testId = 'approx-price',
}: {
  reais: number;
  'data-testid'?: string;
}) {
  const intl = useIntl();
  const rate = useRate();
  const classes = useClassSet(APPROX);
  // Nothing chosen yet (R$ 0,00) needs no approximation.
  if (!rate || reais <= 0) return null;
  const { valor, data } = formatApprox(reais, rate, intl.locale);
  return (
    <span data-testid={testId} className={classes.line}>
      <FormattedMessage id="currency.approx" values={{ valor, data }} />
    </span>
  );
}
