import {
  type ComponentType,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { Glyph } from '#src/components/icons.tsx';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { loadable } from '#src/lib/loadable.ts';
import { withAllTexts } from '#src/lib/locale.ts';
import { useSession } from '#src/lib/session-store.ts';
import { useStyleSystemSource } from '#src/lib/style-system.tsx';
import { openLogin } from '#src/lib/ui-stores.ts';
import type { OpenableAccountMenuProps } from './account-menu-open';
import { GreetingButton, LABEL_ON_WIDE_ONLY } from './greeting-button';

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
