import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/**
 * A polite "loading" for screen readers with a spinner for everyone else. `page`: a whole page
 * is loading; the placeholder fills the screen below the header, so the footer does not show
 * and then jump away when the page arrives (no layout shift).
 */
export function LoadingState({
  minH = '40',
  page = false,
  ...data
}: {
  minH?: string;
  page?: boolean;
} & { [attribute: `data-${string}`]: string }) {
  return (
    <Center minH={page ? PAGE_MIN_H : minH} role="status" aria-live="polite" {...data}>
      <Spinner size="lg" color="brand.solid" borderWidth="3px" aria-hidden="true" />
      <VisuallyHidden>
        <FormattedMessage id="common.loading" />
      </VisuallyHidden>
    </Center>
  );
}

/** The height of the screen below the header (its height is published by the header). */
export const PAGE_MIN_H = 'calc(100dvh - var(--header-height, 8rem))';
