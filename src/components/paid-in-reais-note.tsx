import { Alert } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useRate } from '../lib/currency';

/**
 * The checkout's reminder, when another currency is chosen: payment is in reais. A module of its
 * own (an Alert, the checkout's), so approx-price.tsx, on an event page's first view, needs no
 * Chakra component.
 */
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
