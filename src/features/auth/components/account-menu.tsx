import { Button, chakra, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { postLogout } from '../../../api/rest';
import { UserIcon } from '../../../components/icons';
import { notify } from '../../../components/notify';
import { clearSession, useSession } from '../../../lib/session-store';
import { clearLocalCart, openLogin } from '../../../lib/ui-stores';
import { usePathFor } from '../../../lib/use-path-for';

/**
 * Below 375 px (small phones) the header has no room for the logo and a labelled button: the
 * label is hidden visually, still the button's name.
 */
const NARROW = '@media (max-width: 374.98px)';
const LABEL_ON_WIDE_ONLY = {
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
 * Logout (spec §2 special target, issue 9 item 10): the server revokes the token, then token,
 * session and cart are forgotten here. An identity provider's session ends at its logout
 * address, which returns to the site. A failed call still logs out this browser.
 */
async function logout(): Promise<string | null> {
  let logoutUrl: string | null = null;
  try {
    logoutUrl = (await postLogout({ display: 'inline' })).logoutUrl ?? null;
  } catch {
    // Offline or the session already gone: forgetting it here is what matters to the person.
  }
  clearSession();
  clearLocalCart();
  return logoutUrl;
}

/** "Entrar", or the person's greeting opening the account menu: profile, orders, logout. */
export function AccountMenu({ onLoggedOut }: { onLoggedOut(): void }) {
  const intl = useIntl();
  const to = usePathFor();
  const { loggedIn, pessoa } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!loggedIn) {
    return (
      <Button size="sm" variant="outline" onClick={() => openLogin()} data-testid="login-button">
        <UserIcon />
        <chakra.span css={LABEL_ON_WIDE_ONLY}>
          <FormattedMessage id="header.login" />
        </chakra.span>
      </Button>
    );
  }
  const firstName = pessoa?.nome.split(' ')[0] ?? '';
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => {
        if (d.value !== 'logout' || leaving) return;
        setLeaving(true);
        void logout().then((logoutUrl) => {
          setLeaving(false);
          notify({ type: 'info', description: intl.formatMessage({ id: 'account.loggedOut' }) });
          if (logoutUrl) window.location.assign(logoutUrl);
          else onLoggedOut();
        });
      }}
    >
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" data-testid="account-menu" loading={leaving}>
          <UserIcon />
          <chakra.span data-testid="user-name" maxW="32" truncate css={LABEL_ON_WIDE_ONLY}>
            <FormattedMessage id="header.greeting" values={{ nome: firstName }} />
          </chakra.span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" data-testid="account-menu-content">
            <Menu.Item value="profile" asChild>
              <RouterLink to={to('Perfil')} data-testid="menu-profile">
                <FormattedMessage id="page.profile.title" />
              </RouterLink>
            </Menu.Item>
            <Menu.Item value="orders" asChild>
              <RouterLink to={to('MeusPedidos')} data-testid="menu-orders">
                <FormattedMessage id="page.orders.title" />
              </RouterLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" data-testid="logout-button">
              <FormattedMessage id="header.logout" />
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
