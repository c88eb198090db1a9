import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { slotRecipeLook } from './plain-part-styles';

type Status = 'error' | 'warning' | 'info' | 'success';
const STATUSES: readonly Status[] = ['error', 'warning', 'info', 'success'];

/**
 * Chakra's Alert (subtle, its sizes md and sm) as plain elements, one root class per status and
 * size, and its outline button (the retry): no style component, so a page whose first view is
 * plain (the checkout's notices) shows one without the style system.
 */
export const ALERT = defineClassSet('alert', (system) => {
  const roots = Object.fromEntries(
    STATUSES.flatMap((status) =>
      (['md', 'sm'] as const).map((size) => [
        `${status}-${size}`,
        slotRecipeLook(system, 'alert', 'root', { status, size }, { alignItems: 'center' }),
      ]),
    ),
  ) as Record<`${Status}-${'md' | 'sm'}`, ReturnType<typeof slotRecipeLook>>;
  return {
    ...roots,
    indicatorMd: slotRecipeLook(system, 'alert', 'indicator', { size: 'md' }),
    indicatorSm: slotRecipeLook(system, 'alert', 'indicator', { size: 'sm' }),
    content: slotRecipeLook(system, 'alert', 'content'),
    description: slotRecipeLook(system, 'alert', 'description'),
    retry: [
      system.getRecipeFn('button')({ size: 'sm', variant: 'outline' }),
      { colorPalette: 'gray' },
    ],
  };
});

/** Chakra's own icons for an alert's status (its Alert.Indicator's): a ring and its mark. */
const RING =
  'M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20Z';
const EXCLAMATION = 'M11 15H13V17H11V15ZM11 7H13V13H11V7Z';
const INDICATOR_PATHS: Record<Status, string> = {
  info: `${RING}M11 7H13V9H11V7ZM11 11H13V17H11V11Z`,
  warning: `${RING}${EXCLAMATION}`,
  error: `${RING}${EXCLAMATION}`,
  success: `${RING}M11.0026 16L6.75999 11.7574L8.17421 10.3431L11.0026 13.1716L16.6595 7.51472L18.0737 8.92893L11.0026 16Z`,
};

/** An alert's frame: its status's icon, the text, and an action at its end. */
export function AlertBox({
  status = 'info',
  size = 'md',
  role,
  testId,
  action,
  children,
}: {
  status?: Status;
  size?: 'md' | 'sm';
  role?: 'alert' | 'status';
  testId?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const classes = useClassSet(ALERT);
  return (
    <div
      role={role}
      data-testid={testId}
      className={`chakra-alert__root ${classes[`${status}-${size}`]}`}
    >
      <span className={size === 'md' ? classes.indicatorMd : classes.indicatorSm}>
        <svg
          viewBox="0 0 24 24"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth="0"
          aria-hidden="true"
          focusable="false"
        >
          <path d={INDICATOR_PATHS[status]} />
        </svg>
      </span>
      <div className={`chakra-alert__content ${classes.content}`}>
        <div className={`chakra-alert__description ${classes.description}`}>{children}</div>
      </div>
      {action}
    </div>
  );
}

export interface ErrorAlertProps {
  message: ReactNode;
  onRetry?: () => void;
  status?: Status;
  testId?: string;
}

/** An error said out loud (role="alert"), with an optional retry. */
export function ErrorAlert({ message, onRetry, status = 'error', testId }: ErrorAlertProps) {
  const classes = useClassSet(ALERT);
  return (
    <AlertBox
      status={status}
      role="alert"
      testId={testId}
      action={
        onRetry ? (
          <button type="button" className={`chakra-button ${classes.retry}`} onClick={onRetry}>
            <FormattedMessage id="common.retry" />
          </button>
        ) : null
      }
    >
      {message}
    </AlertBox>
  );
}

/** Re-exported for the screens that show both. */
export { ErrorMessage } from './error-message';
