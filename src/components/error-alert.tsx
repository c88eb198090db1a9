import { Alert, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

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

/** The server's message, or a generic localized one when there is none (network failure). */
export function ErrorMessage({ message }: { message: string | null | undefined }) {
  return message ? message : <FormattedMessage id="error.generic" />;
}
