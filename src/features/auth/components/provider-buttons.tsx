import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LoginProvider } from '#schemas/contract.ts';

/**
 * One button per identity provider of GET logins (everything but the local login). A click
 * leaves the shop for the provider (`url` starts the OpenID Connect login on our server); the
 * provider sends the browser back with `?access_token=` (useAccessTokenReturn).
 */
export function ProviderButtons({
  providers,
  onChoose,
}: {
  providers: readonly LoginProvider[];
  /** Leaves for `url` (the login machine's `login.providerChosen`); default: go at once. */
  onChoose?: ((url: string) => void) | undefined;
}) {
  const intl = useIntl();
  const [leaving, setLeaving] = useState<number | null>(null);
  // Back from the provider through the back/forward cache: the buttons work again.
  useEffect(() => {
    const reset = () => setLeaving(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const external = providers.filter(
    (p): p is LoginProvider & { url: string } => p.tipo === 'oauth' && typeof p.url === 'string',
  );
  if (external.length === 0) return null;

  return (
    <Stack
      gap="3"
      role="group"
      aria-label={intl.formatMessage({ id: 'login.providers.label' })}
      data-testid="login-providers"
    >
      {/* The group is named for screen readers; the "or" rule is decoration. */}
      <HStack aria-hidden="true" gap="3">
        <Separator flex="1" />
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="login.providers.or" />
        </Text>
        <Separator flex="1" />
      </HStack>
      {external.map((p) => (
        <Button
          key={p.id}
          variant="outline"
          width="full"
          loading={leaving === p.id}
          disabled={leaving !== null && leaving !== p.id}
          data-testid={`login-provider-${p.id}`}
          onClick={() => {
            setLeaving(p.id);
            if (onChoose) onChoose(p.url);
            else window.location.assign(p.url);
          }}
        >
          <FormattedMessage id="login.providers.continueWith" values={{ nome: p.nome }} />
        </Button>
      ))}
    </Stack>
  );
}
