import { Button, chakra, HStack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { UserIcon } from '../../../components/icons';
import { clearSession, useSession } from '../../../lib/session-store';
import { bumpCart, openLogin } from '../../../lib/ui-stores';

/**
 * Below 375 px (small phones) the header has no room for the logo and a labelled button: the
 * label is hidden visually, still the button's name, and the greeting goes.
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

/** "Entrar", or the person's first name with "Sair". */
export function AccountMenu({ onLoggedOut }: { onLoggedOut(): void }) {
  const { loggedIn, pessoa } = useSession();
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
    <HStack gap="2">
      <Text
        fontSize="sm"
        fontWeight="medium"
        data-testid="user-name"
        maxW="32"
        truncate
        css={{ [NARROW]: { display: 'none' } }}
      >
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
