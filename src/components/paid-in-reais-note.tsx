import { FormattedMessage } from 'react-intl';
import { useRate } from '#src/lib/currency.ts';
import { AlertBox } from './error-alert';

/**
 * The checkout's reminder, when another currency is chosen: payment is in reais. A module of its
 * own, so approx-price.tsx, on an event page's first view, does not bring the alert's code.
 */
export function PaidInReaisNote() {
  const rate = useRate();
  if (!rate) return null;
  return (
    <AlertBox status="info" size="sm" testId="paid-in-brl">
      <FormattedMessage id="currency.paidInReais" values={{ moeda: rate.moeda }} />
    </AlertBox>
  );
}
