import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { postRecuperarSenha } from '#src/api/rest.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { closeAccountModal, openLogin, useAccountModal } from '#src/lib/ui-stores.ts';
import { toRecuperarSenhaBody } from '../account-body';
import { AccountDialog } from './account-dialog';

interface ForgotData {
  email: string;
  _recaptcha?: string;
}

/**
 * Forgot password (spec §2 "?esqueceusenha", and from the sign-in dialog): the answer is the
 * same whether the e-mail has an account or not, so nobody learns who is a customer here.
 */
export function ForgotPasswordModal() {
  const { modal } = useAccountModal();
  const open = modal === 'forgotPassword';
  return (
    <AccountDialog
      open={open}
      onClose={closeAccountModal}
      testId="forgot-modal"
      title={<FormattedMessage id="forgot.title" />}
    >
      {open ? <ForgotBody /> : null}
    </AccountDialog>
  );
}

function ForgotBody() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [sent, setSent] = useState(false);
  const [data, setData] = useState<Partial<ForgotData>>({});
  const fieldErrors = useServerFieldErrors(error, data);
  const errorId = useId();

  async function submit(data: ForgotData) {
    setPending(true);
    setError(null);
    try {
      await postRecuperarSenha(toRecuperarSenhaBody(data), { display: 'inline' });
      setSent(true);
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setPending(false);
    }
  }

  const backToLogin = (
    <Button
      variant={sent ? 'solid' : 'plain'}
      size="sm"
      px={sent ? undefined : '0'}
      textDecoration={sent ? undefined : 'underline'}
      onClick={() => {
        closeAccountModal();
        openLogin();
      }}
      data-testid="forgot-back"
    >
      <FormattedMessage id="forgot.backToLogin" />
    </Button>
  );

  if (sent) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" role="status" data-testid="forgot-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <FormattedMessage id="forgot.sent" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack justify="flex-end">{backToLogin}</HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="4" aria-describedby={error ? errorId : undefined}>
      <Text color="fg.muted">
        <FormattedMessage id="forgot.intro" />
      </Text>
      {error ? (
        <div id={errorId}>
          <ErrorAlert message={<ErrorMessage error={error} />} testId="forgot-error" />
        </div>
      ) : null}
      {/* schemas/forms/forgotPassword.schema.json (+ the brand's captcha). */}
      <SchemaForm<ForgotData>
        formId="forgotPassword"
        formData={data}
        onChange={setData}
        fieldErrors={fieldErrors}
        onSubmit={submit}
        submitLabel="forgot.submit"
        pending={pending}
      />
      <HStack justify="center">{backToLogin}</HStack>
    </Stack>
  );
}
