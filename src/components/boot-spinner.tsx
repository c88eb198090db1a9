import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { centerLook, recipeLook } from './plain-part-styles';

/** Chakra's Center and Spinner (size xl, in the brand's colour) as they drew the wait. */
export const BOOT_SPINNER = defineClassSet('boot-spinner', (system) => ({
  center: centerLook(system, '100dvh'),
  spinner: recipeLook(
    system,
    'spinner',
    { size: 'xl' },
    { color: 'brand.solid', borderWidth: '4px' },
  ),
}));

/** While the language's messages load there is no text to say; the region is marked busy. */
export function BootSpinner() {
  const classes = useClassSet(BOOT_SPINNER);
  return (
    <div aria-busy="true" className={classes.center}>
      <span className={`chakra-spinner ${classes.spinner}`} />
    </div>
  );
}
