import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorAlert, ErrorMessage } from '../../../components/error-alert';
import { SchemaForm } from '../../../components/forms/schema-form';
import { LoadingState } from '../../../components/loading-state';
import { notify } from '../../../components/notify';
import {
  bumpCart,
  closeLogin,
  openForgotPassword,
  openSignUp,
  useLoginRequest,
} from '../../../lib/ui-stores';
import { useFirstFieldFocus } from '../../../lib/use-first-field-focus';
import { useLogin, useLoginProviders } from '../hooks/use-login';

/**
 * The login modal (spec §2): opened by actions (add to cart, "Entrar", ?fazerlogin), never by
 * a route. After login it runs the action that asked for it.
 */
export function LoginModal() {
  const request = useLoginRequest();
  const focus = useFirstFieldFocus(request.open);
  return (
    // A fixed size: a responsive one kept the full-screen size's 100dvh height on laptops.
    <Dialog.Root
      open={request.open}
      onOpenChange={(e) => {
        if (!e.open) closeLogin();
      }}
      placement="center"
      size="md"
      scrollBehavior="inside"
      initialFocusEl={focus.initialFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content ref={focus.contentRef} data-testid="login-modal">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="login.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {request.open ? <LoginForm onSuccess={request.onSuccess} /> : null}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <LoginClose />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function LoginClose(props: object) {
  const intl = useIntl();
  return (
    <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} {...props} />
  );
}

function LoginForm({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const intl = useIntl();
  const providers = useLoginProviders();
  const { login, pending, error } = useLogin();
  const errorId = useId();

  const local = providers.data?.find((p) => p.tipo === 'local');

  async function submit(data: LoginData) {
    if (!local) return;
    const pessoa = await login(local.id, data._username, data._password);
    if (!pessoa) return;
    notify({
      type: 'success',
      description: intl.formatMessage({ id: 'login.welcome' }, { nome: pessoa.nome }),
    });
    bumpCart();
    closeLogin();
    onSuccess?.();
  }

  if (providers.loading) return <LoadingState />;
  if (providers.error || !local) {
    return (
      <ErrorAlert
        message={<ErrorMessage message={providers.error?.message} />}
        onRetry={providers.reload}
      />
    );
  }

  return (
    <Stack gap="4" aria-describedby={error ? errorId : undefined}>
      <Text color="fg.muted">
        <FormattedMessage id="login.intro" />
      </Text>
      {error ? (
        <div id={errorId}>
          <ErrorAlert message={<ErrorMessage message={error.message} />} testId="login-error" />
        </div>
      ) : null}
      {/* schemas/forms/login.schema.json, composed for the brand (captcha, card campaign). */}
      <SchemaForm<LoginData>
        formId="login"
        onSubmit={submit}
        submitLabel="login.submit"
        pending={pending}
      />
      <AccountLinks onSuccess={onSuccess} />
    </Stack>
  );
}

interface LoginData {
  _username: string;
  _password: string;
}

/** Where a newcomer goes from the sign-in dialog: sign-up, and the forgotten password. */
function AccountLinks({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const link = { variant: 'plain', size: 'sm', px: '0', textDecoration: 'underline' } as const;
  return (
    <Stack gap="1" align="center" textAlign="center" fontSize="sm">
      <Button {...link} onClick={() => openForgotPassword()} data-testid="login-forgot">
        <FormattedMessage id="login.forgotPassword" />
      </Button>
      <HStack gap="1" wrap="wrap" justify="center">
        <Text>
          <FormattedMessage id="login.noAccount" />
        </Text>
        <Button {...link} onClick={() => openSignUp(onSuccess)} data-testid="login-signup">
          <FormattedMessage id="login.createAccount" />
        </Button>
      </HStack>
    </Stack>
  );
}
