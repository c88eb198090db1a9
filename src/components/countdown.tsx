import { FormattedMessage, useIntl } from 'react-intl';
import { Glyph } from '#src/components/icons.tsx';
import { recipeLook, visuallyHiddenLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatCountdown } from '#src/lib/dates.ts';
import { useCountExp } from '#src/lib/checkout/checkout-provider.tsx';

/** Minutes left at which a screen reader is told, once each (the timer itself is silent). */
const WARN_AT_MINUTES = [5, 2, 1] as const;

/** The last warning threshold `seconds` has reached, or null above the first. */
export function warningMinutes(seconds: number): number | null {
  let reached: number | null = null;
  for (const m of WARN_AT_MINUTES) if (seconds <= m * 60) reached = m;
  return reached;
}

/** The box's frame, in the brand's colours or, urgent, the error's. */
const box = (tone: 'brand' | 'error') =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    px: '3',
    py: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    ...(tone === 'brand'
      ? { bg: 'brand.subtle', color: 'brand.fg', borderColor: 'brand.muted' }
      : { bg: 'bg.error', color: 'fg.error', borderColor: 'border.error' }),
  }) as const;

/** Chakra's HStack, Icon, Text and VisuallyHidden as they drew the countdown. */
export const COUNTDOWN = defineClassSet('countdown', (system) => ({
  calm: box('brand'),
  urgent: box('error'),
  icon: recipeLook(system, 'icon', {}, { boxSize: '5' }),
  label: { fontSize: 'sm' },
  strong: { fontSize: 'sm', fontWeight: 'semibold' },
  time: { fontWeight: 'bold', fontSize: 'lg', fontVariantNumeric: 'tabular-nums' },
  hidden: visuallyHiddenLook(system),
}));

/**
 * Time left on the hold, mm:ss; turns to a warning in the last two minutes. The ticking text
 * is not announced; a polite live region says so at 5, 2 and 1 minutes left.
 */
export function Countdown({ seconds }: { seconds: number }) {
  const intl = useIntl();
  const classes = useClassSet(COUNTDOWN);
  const urgent = seconds <= 120;
  const text = formatCountdown(seconds);
  const warning = warningMinutes(seconds);
  return (
    <div className={`chakra-stack ${urgent ? classes.urgent : classes.calm}`}>
      <Glyph name="clock" className={`chakra-icon ${classes.icon}`} />
      <p className={classes.label}>
        <FormattedMessage id="cart.timeLeft" />
      </p>
      <p
        role="timer"
        aria-live="off"
        aria-label={intl.formatMessage({ id: 'cart.timeLeftAria' }, { time: text })}
        data-testid="countdown"
        className={classes.time}
      >
        {text}
      </p>
      <span aria-live="polite" data-testid="countdown-warning" className={classes.hidden}>
        {warning !== null && seconds > 0
          ? intl.formatMessage({ id: 'cart.timeWarning' }, { minutes: warning })
          : ''}
      </span>
    </div>
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
  const classes = useClassSet(COUNTDOWN);
  return (
    <div className={`chakra-stack ${classes.calm}`} data-testid="awaiting-payment">
      <Glyph name="clock" className={`chakra-icon ${classes.icon}`} />
      <p className={classes.strong}>
        <FormattedMessage id="cart.awaitingPayment" />
      </p>
    </div>
  );
}
