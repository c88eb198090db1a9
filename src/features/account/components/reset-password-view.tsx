import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { LoginTarget } from '#machines/types.ts';
import type { ApiErrorBody } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { postNovaSenha } from '#src/api/rest.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { Notice } from '#src/components/notice.tsx';
import { openForgotPassword, openLogin } from '#src/lib/ui-stores.ts';
import { toNovaSenhaBody } from '../account-body';

/**
 * Where the login opened here goes on to: My orders (the mail's link is opened in a fresh tab
 * with no page to return to, and this page has nothing more to offer once signed in). The
 * login is the dialog's own (machines/login.machine.ts through login-modal.tsx), so it starts
 * the session the header reads like any other login.
 */
const AFTER_RESET: LoginTarget = { kind: 'route', route: 'MeusPedidos' };
const openLoginAfterReset = () => openLogin(undefined, AFTER_RESET);

interface ResetData {
  token: string;
  senha: string;
  senha2: string;
}

/**
 * The reset page (/redefinirsenha?token=, the link of the forgot-password mail): a new password
 * for the token's account; the token is single-use and expires (the server says so). Success
 * opens the login, which then goes on to My orders.
 */
export function ResetPasswordView({ token }: { token: string | null }) {
  const [data, setData] = useState<Partial<ResetData>>({ token: token ?? '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [done, setDone] = useState(false);
  const fieldErrors = useServerFieldErrors(error, data);
  const errorId = useId();

  const requestNew = (
    <Button variant={done ? 'outline' : 'solid'} onClick={() => openForgotPassword()}>
      <FormattedMessage id="reset.requestNew" />
    </Button>
  );

  if (!token) {
    return (
      <Notice
        title={<FormattedMessage id="page.resetPassword.title" />}
        testId="reset-no-token"
        action={requestNew}
      >
        <FormattedMessage id="error.resetToken" />
      </Notice>
    );
  }

  async function submit(values: ResetData) {
    setPending(true);
    setError(null);
    try {
      await postNovaSenha(toNovaSenhaBody({ ...values, token: token ?? '' }), {
        display: 'inline',
      });
      setDone(true);
      openLoginAfterReset();
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setPending(false);
    }
  }

  const heading = (
    <Heading as="h1" size="2xl" fontFamily="heading">
      <FormattedMessage id="page.resetPassword.title" />
    </Heading>
  );

  if (done) {
    return (
      <Stack gap="6" maxW="lg">
        {heading}
        <Alert.Root status="success" role="status" data-testid="reset-success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <FormattedMessage id="reset.success" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack>
          <Button onClick={openLoginAfterReset}>
            <FormattedMessage id="header.login" />
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="6" maxW="lg">
      {heading}
      <Text color="fg.muted">
        <FormattedMessage id="reset.intro" />
      </Text>
      {error ? (
        <Stack gap="3" id={errorId}>
          <ErrorAlert message={<ErrorMessage error={error} />} testId="reset-error" />
          <Box>{requestNew}</Box>
        </Stack>
      ) : null}
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
        {/* schemas/forms/resetPassword.schema.json: the token from the link rides hidden. */}
        <SchemaForm<ResetData>
          formId="resetPassword"
          formData={data}
          onChange={(d) => setData({ ...d, token })}
          fieldErrors={fieldErrors}
          onSubmit={submit}
          submitLabel="reset.submit"
          pending={pending}
        />
      </Box>
    </Stack>
  );
}
