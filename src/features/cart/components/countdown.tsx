import { HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ClockIcon } from '../../../components/chakra-icons';
import { formatCountdown } from '../../../lib/dates';
import { useCountExp } from '../hooks/checkout-provider';

/** Minutes left at which a screen reader is told, once each (the timer itself is silent). */
const WARN_AT_MINUTES = [5, 2, 1] as const;

/** The last warning threshold `seconds` has reached, or null above the first. */
export function warningMinutes(seconds: number): number | null {
  let reached: number | null = null;
  for (const m of WARN_AT_MINUTES) if (seconds <= m * 60) reached = m;
  return reached;
}

/**
 * Time left on the hold, mm:ss; turns to a warning in the last two minutes. The ticking text
 * is not announced; a polite live region says so at 5, 2 and 1 minutes left.
 */
export function Countdown({ seconds }: { seconds: number }) {
  const intl = useIntl();
  const urgent = seconds <= 120;
  const text = formatCountdown(seconds);
  const warning = warningMinutes(seconds);
  return (
    <HStack
      gap="2"
      px="3"
      py="2"
      borderRadius="md"
      bg={urgent ? 'bg.error' : 'brand.subtle'}
      color={urgent ? 'fg.error' : 'brand.fg'}
      borderWidth="1px"
      borderColor={urgent ? 'border.error' : 'brand.muted'}
    >
      <ClockIcon boxSize="5" />
      <Text fontSize="sm">
        <FormattedMessage id="cart.timeLeft" />
      </Text>
      <Text
        role="timer"
        aria-live="off"
        aria-label={intl.formatMessage({ id: 'cart.timeLeftAria' }, { time: text })}
        data-testid="countdown"
        fontWeight="bold"
        fontSize="lg"
        fontVariantNumeric="tabular-nums"
      >
        {text}
      </Text>
      <VisuallyHidden aria-live="polite" data-testid="countdown-warning">
        {warning !== null && seconds > 0
          ? intl.formatMessage({ id: 'cart.timeWarning' }, { minutes: warning })
          : ''}
      </VisuallyHidden>
    </HStack>
  );
}

/** The countdown of the hold in this cart scope. */
export function HoldCountdown() {
  return <Countdown seconds={useCountExp()} />;
}

/**
 * In place of the countdown once a slip or Pix code is issued: the order no longer runs out
 * with the hold, it awaits its payment (until the charge's own due date or expiry).
 */
export function AwaitingPaymentNote() {
  return (
    <HStack
      gap="2"
      px="3"
      py="2"
      borderRadius="md"
      bg="brand.subtle"
      color="brand.fg"
      borderWidth="1px"
      borderColor="brand.muted"
      data-testid="awaiting-payment"
    >
      <ClockIcon boxSize="5" />
      <Text fontSize="sm" fontWeight="semibold">
        <FormattedMessage id="cart.awaitingPayment" />
      </Text>
    </HStack>
  );
}
