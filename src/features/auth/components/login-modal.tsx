import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorAlert, ErrorMessage } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { notify } from '../../../components/notify';
import { bumpCart, closeLogin, useLoginRequest } from '../../../lib/ui-stores';
import { useLogin, useLoginProviders } from '../hooks/use-login';

/**
 * The login modal (spec §2): opened by actions (add to cart, "Entrar", ?fazerlogin), never by
 * a route. After login it runs the action that asked for it.
 */
export function LoginModal() {
  const request = useLoginRequest();
  return (
    <Dialog.Root
      open={request.open}
      onOpenChange={(e) => {
        if (!e.open) closeLogin();
      }}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="login-modal">
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const errorId = useId();

  const local = providers.data?.find((p) => p.tipo === 'local');
  const emailInvalid = touched && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const passwordInvalid = touched && password.length === 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!local || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) || !password) return;
    const pessoa = await login(local.id, email, password);
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
    <Stack asChild gap="4">
      <form onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
        <Text color="fg.muted">
          <FormattedMessage id="login.intro" />
        </Text>
        {error ? (
          <div id={errorId}>
            <ErrorAlert message={<ErrorMessage message={error.message} />} testId="login-error" />
          </div>
        ) : null}
        <Field.Root required invalid={emailInvalid}>
          <Field.Label>
            <FormattedMessage id="login.email" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
          <Field.ErrorText>
            <FormattedMessage id="validation.email" />
          </Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={passwordInvalid}>
          <Field.Label>
            <FormattedMessage id="login.password" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.ErrorText>
            <FormattedMessage id="validation.required" />
          </Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={pending} size="lg" data-testid="login-submit">
          <FormattedMessage id="login.submit" />
        </Button>
      </form>
    </Stack>
  );
}
