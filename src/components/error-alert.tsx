import { Alert, Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export interface ErrorAlertProps {
  message: ReactNode;
  onRetry?: () => void;
  status?: 'error' | 'warning' | 'info' | 'success';
  testId?: string;
}

/**
 * An error said out loud (role="alert"), with an optional retry. A Chakra Alert: the pages whose
 * first view is plain elements show it through lazy-styled-parts.tsx.
 */
export function ErrorAlert({ message, onRetry, status = 'error', testId }: ErrorAlertProps) {
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

/** Re-exported for the screens that show both. */
export { ErrorMessage } from './error-message';
