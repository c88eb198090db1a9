import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Menu } from '#src/components/menu.tsx';
import { notify } from '#src/components/notify.ts';
import { WithStyleSystem } from '#src/lib/style-system.tsx';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { logout } from '../logout';
import { GreetingButton } from './greeting-button';

interface AccountMenuProps {
  firstName: string;
  onLoggedOut(): void;
}

export interface OpenableAccountMenuProps extends AccountMenuProps {
  /** Opens as it mounts (the greeting it replaces was clicked meanwhile). */
  open: boolean;
  /** Its button takes the keyboard's focus as it mounts (the greeting had it). */
  focus: boolean;
}

/**
 * The logged-in person's menu: profile, orders, logout. A Chakra menu, loaded when the person
 * first shows they may open it (account-menu.tsx, which waits for the page's style system too;
 * the greeting stands in meanwhile).
 */
export function OpenableAccountMenu(props: OpenableAccountMenuProps) {
  return (
    <Suspense fallback={<GreetingButton firstName={props.firstName} />}>
      <WithStyleSystem>
        <AccountMenu {...props} />
      </WithStyleSystem>
    </Suspense>
  );
}

function AccountMenu({ firstName, onLoggedOut, open, focus }: OpenableAccountMenuProps) {
  const intl = useIntl();
  const to = usePathFor();
  const [leaving, setLeaving] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // An open menu takes the focus itself (its content, as when its button is clicked). Before
  // the browser handles another event: a key pressed meanwhile would go to the page.
  useLayoutEffect(() => {
    if (focus && !open) trigger.current?.focus();
  }, [focus, open]);
  return (
    <Menu.Root
      defaultOpen={open}
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
      <Menu.Trigger asChild ref={trigger}>
        <GreetingButton firstName={firstName} loading={leaving} />
      </Menu.Trigger>
      {/* Not portalled: the menu stays inside the header's landmark (banner), where it belongs. */}
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
    </Menu.Root>
  );
}
