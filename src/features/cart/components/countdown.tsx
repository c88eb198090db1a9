import { HStack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ClockIcon } from '../../../components/icons';
import { formatCountdown } from '../../../lib/dates';
import { useCountExp } from '../hooks/reservation-provider';

/** Time left on the hold, mm:ss; turns to a warning in the last two minutes. */
export function Countdown({ seconds }: { seconds: number }) {
  const intl = useIntl();
  const urgent = seconds <= 120;
  const text = formatCountdown(seconds);
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
    </HStack>
  );
}

/** The countdown of the hold in this cart scope. */
export function HoldCountdown() {
  return <Countdown seconds={useCountExp()} />;
}
