import { Alert, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody } from '../../schemas/contract';
import { NETWORK_ERROR_CODE } from '../api/api-error';

/** An error said out loud (role="alert"), with an optional retry. */
export function ErrorAlert({
  message,
  onRetry,
  status = 'error',
  testId,
}: {
  message: ReactNode;
  onRetry?: () => void;
  status?: 'error' | 'warning' | 'info' | 'success';
  testId?: string;
}) {
  return (
    <Alert.Root status={status} role="alert" data-testid={testId} alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onRetry ? (
        <Button size="sm" variant="outline" colorPalette="gray" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </Button>
      ) : null}
    </Alert.Root>
  );
}

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
