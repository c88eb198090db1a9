import type { ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';
import { ButtonLoader } from '#src/components/button-loader.tsx';
import { Glyph } from '#src/components/icons.tsx';
import { buttonLoaderLooks, recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';

/**
 * Below 375 px (small phones) the header has no room for the logo and a labelled button: the
 * label is hidden visually, still the button's name.
 */
const NARROW = '@media (max-width: 374.98px)';
export const LABEL_ON_WIDE_ONLY = {
  [NARROW]: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
  },
} as const;

/**
 * The greeting: Chakra's ghost Button at size sm, its icon and the name cut short. While it
 * waits (logging out) Chakra's Button showed its loader: a spinner centred over the label,
 * which stays (hidden) so the button keeps its size; each of those parts a class here.
 */
export const GREETING = defineClassSet('greeting-button', (system) => ({
  button: recipeLook(system, 'button', { size: 'sm', variant: 'ghost' }),
  icon: recipeLook(system, 'icon'),
  name: [LABEL_ON_WIDE_ONLY, { maxW: '32', truncate: true }],
  ...buttonLoaderLooks(system),
}));

/**
 * The greeting that opens the account menu: the guest-or-greeting button (account-menu.tsx)
 * shows it until the menu's code is here, then the menu's trigger (account-menu-open.tsx) gives
 * it its props and ref.
 */
export function GreetingButton({
  firstName,
  loading = false,
  className,
  ...rest
}: {
  firstName: string;
  loading?: boolean;
} & Omit<ComponentProps<'button'>, 'children'>) {
  const classes = useClassSet(GREETING);
  const label = (
    <>
      <Glyph name="user" className={`chakra-icon ${classes.icon}`} />
      <span data-testid="user-name" className={classes.name}>
        <FormattedMessage id="header.greeting" values={{ nome: firstName }} />
      </span>
    </>
  );
  return (
    <button
      type="button"
      data-testid="account-menu"
      {...rest}
      data-loading={loading ? '' : undefined}
      disabled={loading || rest.disabled}
      // The trigger's class (chakra-menu__trigger) beside the button's, where Chakra put it.
      className={['chakra-button', className, classes.button].filter(Boolean).join(' ')}
    >
      {loading ? <ButtonLoader classes={classes}>{label}</ButtonLoader> : label}
    </button>
  );
}
