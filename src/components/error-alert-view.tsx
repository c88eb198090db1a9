import { Alert, Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { ErrorAlertProps } from './error-alert';

/** {@link ErrorAlert}'s look: Chakra's Alert, and an outline Button for the retry. */
export function ErrorAlertView({ message, onRetry, status = 'error', testId }: ErrorAlertProps) {
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
