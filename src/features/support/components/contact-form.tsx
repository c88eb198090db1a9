import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody, ContatoBody, ContatoResult } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { useSession } from '#src/lib/session-store.ts';
import { postContato } from '../api';

/**
 * The contact form (schemas/forms/contact.schema.json with the brand's override and captcha),
 * sent to CustomUserApps/Contato. A signed-in person finds their name and e-mail filled in.
 * Success shows the message's number and where the acknowledgement went; the server's field
 * errors show beside the fields.
 */
export function ContactForm() {
  const { pessoa } = useSession();
  const initial = (): Partial<ContatoBody> =>
    pessoa ? { nome: pessoa.nome, email: pessoa.email } : {};
  const [data, setData] = useState<Partial<ContatoBody>>(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [sent, setSent] = useState<{ result: ContatoResult; email: string } | null>(null);
  // A new form after each message: the captcha and the fields start over.
  const [round, setRound] = useState(0);
  const fieldErrors = useServerFieldErrors(error, data);
  const errorId = useId();

  async function submit(values: ContatoBody) {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const result = await postContato(values, { display: 'inline' });
      setSent({ result, email: values.email.trim().toLowerCase() });
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" role="status" data-testid="contact-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <FormattedMessage
                id="contact.sent"
                values={{ protocolo: sent.result.protocolo, email: sent.email }}
              />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack>
          <Button
            variant="outline"
            onClick={() => {
              setSent(null);
              setData((d) => ({ nome: d.nome, email: d.email }));
              setRound((r) => r + 1);
            }}
            data-testid="contact-another"
          >
            <FormattedMessage id="contact.another" />
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="4" aria-describedby={error ? errorId : undefined}>
      {error ? (
        <div id={errorId}>
          <ErrorAlert message={<ErrorMessage error={error} />} testId="contact-error" />
        </div>
      ) : null}
      <SchemaForm<ContatoBody>
        key={round}
        formId="contact"
        formData={data}
        onChange={setData}
        fieldErrors={fieldErrors}
        onSubmit={submit}
        submitLabel="contact.submit"
        pending={pending}
      />
    </Stack>
  );
}
