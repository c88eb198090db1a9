import { Button, HStack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { UserIcon } from '../../../components/icons';
import { clearSession, useSession } from '../../../lib/session-store';
import { bumpCart, openLogin } from '../../../lib/ui-stores';

/** "Entrar", or the person's first name with "Sair". */
export function AccountMenu({ onLoggedOut }: { onLoggedOut(): void }) {
  const { loggedIn, pessoa } = useSession();
  if (!loggedIn) {
    return (
      <Button size="sm" variant="outline" onClick={() => openLogin()} data-testid="login-button">
        <UserIcon />
        <FormattedMessage id="header.login" />
      </Button>
    );
  }
  const firstName = pessoa?.nome.split(' ')[0] ?? '';
  return (
    <HStack gap="2">
      <Text fontSize="sm" fontWeight="medium" data-testid="user-name" maxW="32" truncate>
        <FormattedMessage id="header.greeting" values={{ nome: firstName }} />
      </Text>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          clearSession();
          bumpCart();
          onLoggedOut();
        }}
        data-testid="logout-button"
      >
        <FormattedMessage id="header.logout" />
      </Button>
    </HStack>
  );
}
