import {
  type ComponentProps,
  type ComponentType,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { ButtonLoader } from '../../../components/button-loader';
import { Glyph } from '../../../components/icons';
import { buttonLoaderLooks, recipeLook } from '../../../components/plain-part-styles';
import { defineClassSet, useClassSet } from '../../../lib/class-sets';
import { loadable } from '../../../lib/loadable';
import { withAllTexts } from '../../../lib/locale';
import { useSession } from '../../../lib/session-store';
import { useStyleSystemSource } from '../../../lib/style-system';
import { openLogin } from '../../../lib/ui-stores';
import type { OpenableAccountMenuProps } from './account-menu-open';

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

/** The guest's "Entrar": Chakra's outline Button at size sm, its icon and label. */
const LOGIN = defineClassSet('login-button', (system) => ({
  button: recipeLook(system, 'button', { size: 'sm', variant: 'outline' }),
  icon: recipeLook(system, 'icon'),
  label: [LABEL_ON_WIDE_ONLY],
}));

/** "Entrar", or the person's greeting opening the account menu: profile, orders, logout. */
export function AccountMenu({ onLoggedOut }: { onLoggedOut(): void }) {
  const { loggedIn, pessoa } = useSession();
  const greeting = useRef<HTMLButtonElement>(null);
  const { menu, want } = useMenuOnIntent(greeting);
  const classes = useClassSet(LOGIN);
  if (!loggedIn) {
    return (
      <button
        type="button"
        className={`chakra-button ${classes.button}`}
        onClick={() => openLogin()}
        data-testid="login-button"
      >
        <Glyph name="user" className={`chakra-icon ${classes.icon}`} />
        <span className={classes.label}>
          <FormattedMessage id="header.login" />
        </span>
      </button>
    );
  }
  const firstName = pessoa?.nome.split(' ')[0] ?? '';
  if (menu) {
    const { Menu, open, focus } = menu;
    return <Menu firstName={firstName} onLoggedOut={onLoggedOut} open={open} focus={focus} />;
  }
  // The menu's button as the menu's trigger will be (a collapsed menu button), its code asked
  // for on the first sign the person may open it.
  return (
    <GreetingButton
      ref={greeting}
      firstName={firstName}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => want(false)}
      onFocus={() => want(false)}
      onPointerDown={() => want(false)}
      onClick={() => want(true)}
    />
  );
}

const openableAccountMenu = loadable(
  withAllTexts(() => import('./account-menu-open').then((m) => m.OpenableAccountMenu)),
);

interface LoadedMenu {
  Menu: ComponentType<OpenableAccountMenuProps>;
  /** The greeting was clicked (or pressed with Enter or Space) before the menu was here. */
  open: boolean;
  /** The greeting had the keyboard's focus when the menu replaced it. */
  focus: boolean;
}

/**
 * The account menu (a Chakra menu) once its code and the page's style system are here, which is
 * asked for on the first pointer over the greeting, focus or tap: a logged-in visitor's first
 * view needs neither (the greeting is plain). A click before then opens the menu as it arrives;
 * focus moves to its button. A failed load leaves the greeting; the next sign tries again.
 */
function useMenuOnIntent(greeting: RefObject<HTMLButtonElement | null>) {
  const source = useStyleSystemSource();
  const [menu, setMenu] = useState<LoadedMenu | null>(() => {
    const Menu = openableAccountMenu.current();
    return Menu && source.status === 'fulfilled' ? { Menu, open: false, focus: false } : null;
  });
  const asked = useRef({ loading: false, open: false });
  const want = useCallback(
    (open: boolean) => {
      asked.current.open ||= open;
      // Loading, or loaded and about to replace the greeting: a click now still opens it.
      if (asked.current.loading) {
        if (open) setMenu((loaded) => loaded && { ...loaded, open: true });
        return;
      }
      asked.current.loading = true;
      Promise.all([openableAccountMenu.load(), source]).then(
        ([Menu]) =>
          setMenu({
            Menu,
            open: asked.current.open,
            focus: greeting.current != null && document.activeElement === greeting.current,
          }),
        () => {
          asked.current = { loading: false, open: false };
        },
      );
    },
    [source, greeting],
  );
  // The click and the focus are the swap's: the menu mounted again later (the person logs out
  // and in again) opens closed and leaves the focus where it is.
  useEffect(() => {
    if (menu && (menu.open || menu.focus)) setMenu({ ...menu, open: false, focus: false });
  }, [menu]);
  return { menu, want };
}

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
 * The greeting that opens the account menu: the menu's trigger (account-menu-open.tsx) gives
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
