import type { ReactNode } from 'react';
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
