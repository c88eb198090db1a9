import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody } from '../../schemas/contract';
import { NETWORK_ERROR_CODE } from '../api/api-error';
import { lazyStyled } from '../lib/style-system';

export interface ErrorAlertProps {
  message: ReactNode;
  onRetry?: () => void;
  status?: 'error' | 'warning' | 'info' | 'success';
  testId?: string;
}

/**
 * An error said out loud (role="alert"), with an optional retry: Chakra's Alert, whose code and
 * the style system load when an error first shows in the browser (the pages whose first view is
 * plain elements normally show none).
 */
export const ErrorAlert = lazyStyled(() =>
  import('./error-alert-view').then((m) => m.ErrorAlertView),
);

/**
 * The error's own message, or a localized one when it has none: the unreachable server's (a
 * network failure), else a generic one.
 */
export function ErrorMessage({ error }: { error: ApiErrorBody | null | undefined }) {
  if (error?.message) return error.message;
  return (
    <FormattedMessage
      id={error?.code === NETWORK_ERROR_CODE ? 'maintenance.body' : 'error.generic'}
    />
  );
}
