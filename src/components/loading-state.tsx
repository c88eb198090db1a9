import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/** A polite "loading" for screen readers with a spinner for everyone else. */
export function LoadingState({ minH = '40' }: { minH?: string }) {
  return (
    <Center minH={minH} role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" aria-hidden="true" />
      <VisuallyHidden>
        <FormattedMessage id="common.loading" />
      </VisuallyHidden>
    </Center>
  );
}
