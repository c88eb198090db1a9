import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { ButtonLoaderClasses } from './plain-part-styles';

/**
 * A plain button's content while it waits, as Chakra's Button draws its `loading`: a spinner
 * centred over the label, which stays (hidden) so the button keeps its size. `classes` are a
 * class set's with `buttonLoaderLooks` (plain-part-styles.ts).
 */
export function ButtonLoader({
  classes,
  children,
}: {
  classes: ButtonLoaderClasses;
  children: ReactNode;
}) {
  return (
    <span className={classes.loader}>
      <div className={classes.loaderCenter}>
        <span className={`chakra-spinner ${classes.loaderSpinner}`} />
      </div>
      <span className={classes.loaderLabel}>{children}</span>
    </span>
  );
}

/**
 * A plain button drawn as Chakra's Button: `className` is a class set's button look (recipeLook
 * 'button'); `loading` disables it and shows the loader over its label, as Chakra's does.
 */
export function PlainButton({
  className,
  loaderClasses,
  loading = false,
  disabled = false,
  children,
  ...rest
}: {
  className: string;
  loaderClasses: ButtonLoaderClasses;
  loading?: boolean;
  disabled?: boolean;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'disabled' | 'children'> & {
    [attribute: `data-${string}`]: string | undefined;
  }) {
  return (
    <button
      type="button"
      {...rest}
      disabled={loading || disabled}
      data-loading={loading ? '' : undefined}
      className={`chakra-button ${className}`}
    >
      {loading ? <ButtonLoader classes={loaderClasses}>{children}</ButtonLoader> : children}
    </button>
  );
}
