import { Alert, Box, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import {
  type ApiErrorBody,
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterResult,
} from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { firstField } from '#src/lib/use-first-field-focus.ts';
import { postNewsletter } from '../api';

interface NewsletterFields {
  email: string;
  consentimento: boolean;
}

/**
 * The newsletter form (schemas/forms/newsletter.schema.json: e-mail and the consent checkbox
 * with its text), sent with the consent text's version to CustomUserApps/Newsletter. Success
 * says a confirmation mail went out (double opt-in); the server's field errors show beside the
 * fields. `autoFocus`: the visitor asked for it (focus or click): focus the e-mail once shown.
 */
export function NewsletterForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const [data, setData] = useState<Partial<NewsletterFields>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [sent, setSent] = useState<NewsletterResult | null>(null);
  const fieldErrors = useServerFieldErrors(error, data);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!autoFocus || !el) return;
    const focus = () => {
      const field = firstField(el);
      if (field) field.focus();
      return field !== null;
    };
    if (focus()) return;
    // The form itself is one more lazy chunk: focus its field as soon as it appears.
    const mo = new MutationObserver(() => {
      if (focus()) mo.disconnect();
    });
    mo.observe(el, { childList: true, subtree: true });
    return () => mo.disconnect();
  }, [autoFocus]);

  async function submit(values: NewsletterFields) {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      setSent(
        await postNewsletter(
          { ...values, versao: NEWSLETTER_CONSENT_VERSION },
          { display: 'inline' },
        ),
      );
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <Alert.Root status="success" role="status" data-testid="newsletter-sent">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{sent.mensagem}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="3">
      {error ? (
        <ErrorAlert message={<ErrorMessage error={error} />} testId="newsletter-error" />
      ) : null}
      {/* The footer's colours: the form's fields and texts on the brand's background. */}
      <Box ref={box} bg="bg" color="fg" borderRadius="md" p="3">
        <SchemaForm<NewsletterFields>
          formId="newsletter"
          idPrefix="newsletter"
          formData={data}
          onChange={setData}
          fieldErrors={fieldErrors}
          onSubmit={submit}
          submitLabel="newsletter.submit"
          pending={pending}
        />
      </Box>
    </Stack>
  );
}
