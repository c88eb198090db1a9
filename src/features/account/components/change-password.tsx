import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiErrorBody } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { postTrocarSenha } from '#src/api/rest.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { notify } from '#src/components/notify.ts';
import { toTrocarSenhaBody } from '../account-body';

interface ChangePasswordData {
  old_password: string;
  senha: string;
  senha2: string;
}

/**
 * Change of password on the profile (spec §5: it needs the current one, 'Insira sua senha
 * atual'). The server ends every other session and answers with a new token, which the API
 * client keeps from the Authorization header: this tab stays logged in.
 */
export function ChangePassword() {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  // A new key empties the form after a change.
  const [round, setRound] = useState(0);
  const [data, setData] = useState<Partial<ChangePasswordData>>({});
  const fieldErrors = useServerFieldErrors(error, data);
  const headingId = useId();

  async function submit(data: ChangePasswordData) {
    setPending(true);
    setError(null);
    try {
      await postTrocarSenha(toTrocarSenhaBody(data), { display: 'inline' });
      notify({
        type: 'success',
        description: intl.formatMessage({ id: 'profile.passwordChanged' }),
      });
      setRound((r) => r + 1);
      setData({});
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      data-testid="change-password"
    >
      <Stack gap="4">
        <Heading as="h2" size="lg" id={headingId}>
          <FormattedMessage id="form.title.changePassword" />
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="profile.passwordIntro" />
        </Text>
        {error ? (
          <ErrorAlert message={<ErrorMessage error={error} />} testId="change-password-error" />
        ) : null}
        <SchemaForm<ChangePasswordData>
          key={round}
          formId="changePassword"
          formData={data}
          onChange={setData}
          fieldErrors={fieldErrors}
          onSubmit={submit}
          submitLabel="profile.changePasswordSubmit"
          pending={pending}
        />
      </Stack>
    </Box>
  );
}
