import { FormattedMessage } from 'react-intl';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { centerLook, recipeLook, visuallyHiddenLook } from './plain-part-styles';

/** The height of the screen below the header (its height is published by the header). */
export const PAGE_MIN_H = 'calc(100dvh - var(--header-height, 8rem))';

/**
 * Chakra's Center, Spinner and VisuallyHidden as they drew the placeholder, one class per
 * height (the heights its callers keep), so a page's first view shows it without a style
 * component.
 */
export const LOADING = defineClassSet('loading-state', (system) => ({
  h16: centerLook(system, '16'),
  h24: centerLook(system, '24'),
  h40: centerLook(system, '40'),
  page: centerLook(system, PAGE_MIN_H),
  spinner: recipeLook(
    system,
    'spinner',
    { size: 'lg' },
    { color: 'brand.solid', borderWidth: '3px' },
  ),
  hidden: visuallyHiddenLook(system),
}));

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
  minH?: '16' | '24' | '40';
  page?: boolean;
} & { [attribute: `data-${string}`]: string }) {
  const classes = useClassSet(LOADING);
  return (
    <div
      role="status"
      aria-live="polite"
      {...data}
      className={page ? classes.page : classes[`h${minH}`]}
    >
      <span aria-hidden="true" className={`chakra-spinner ${classes.spinner}`} />
      <span className={classes.hidden}>
        <FormattedMessage id="common.loading" />
      </span>
    </div>
  );
}
