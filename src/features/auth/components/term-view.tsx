import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FlowError } from '#machines/types.ts';
import type { Termo } from '#schemas/contract.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';

/**
 * A term to accept (spec §4, §8 codes 4 and 21001), for the login and for the terms modal of a
 * logged-in person: its title, its text in a scrollable region that takes the focus (so the
 * keyboard scrolls it and a screen reader starts there), then Accept / Decline. The server
 * renders the term's Markdown to sanitised HTML (server/accounts/terms), which is why it is
 * inserted as HTML here.
 */
export function TermView({
  termo,
  notice,
  error,
  busy,
  onAccept,
  onDecline,
  onRetry,
  testId = 'login-term',
}: {
  /** Null while the term is being fetched or after that fetch failed. */
  termo: Termo | null;
  notice: string | null;
  error: FlowError | null;
  busy: boolean;
  onAccept(): void;
  onDecline(): void;
  onRetry(): void;
  /** Prefix of the data-testids: `<testId>`, `<testId>-text`, `<testId>-accept`… */
  testId?: string;
}) {
  const intl = useIntl();
  const headingId = useId();
  const noticeId = useId();
  const region = useRef<HTMLDivElement>(null);
  const idtermo = termo?.idtermo;
  // A new term on screen (the modal's form was focused): move the focus to its text.
  useEffect(() => {
    if (idtermo !== undefined) region.current?.focus({ preventScroll: true });
  }, [idtermo]);

  if (!termo) {
    return (
      <Stack gap="4" data-testid={testId}>
        {notice ? <Text>{notice}</Text> : null}
        {error ? (
          <ErrorAlert
            message={<ErrorMessage error={error} />}
            onRetry={onRetry}
            testId={`${testId}-error`}
          />
        ) : (
          <LoadingState />
        )}
        {error ? (
          <Button variant="outline" onClick={onDecline} data-testid={`${testId}-decline`}>
            <FormattedMessage id="login.term.decline" />
          </Button>
        ) : null}
      </Stack>
    );
  }

  const title = termo.dsctermo || intl.formatMessage({ id: 'login.term.title' });
  return (
    <Stack gap="4" data-testid={testId}>
      <Text id={noticeId}>{notice ?? <FormattedMessage id="login.term.intro" />}</Text>
      <Heading as="h3" size="md" id={headingId} data-testid={`${testId}-title`}>
        {title}
      </Heading>
      <Box
        ref={region}
        role="region"
        tabIndex={0}
        aria-labelledby={headingId}
        aria-describedby={noticeId}
        maxH="50vh"
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
        p="4"
        bg="bg.subtle"
        fontSize="sm"
        css={{
          '& p, & ul, & ol': { marginBottom: '3' },
          '& ul': { paddingInlineStart: '5', listStyleType: 'disc' },
          '& ol': { paddingInlineStart: '5', listStyleType: 'decimal' },
          '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', marginBottom: '2' },
          '& a': { textDecoration: 'underline' },
        }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        data-testid={`${testId}-text`}
        // Sanitised on the server (allow-list of tags, no scripts or handlers).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML.
        dangerouslySetInnerHTML={{ __html: termo.termo }}
      />
      {error ? (
        <ErrorAlert
          message={<ErrorMessage error={error} />}
          onRetry={onRetry}
          testId={`${testId}-error`}
        />
      ) : null}
      <HStack gap="3" justify="flex-end" wrap="wrap">
        <Button
          variant="outline"
          onClick={onDecline}
          disabled={busy}
          aria-label={intl.formatMessage({ id: 'login.term.declineNamed' }, { termo: title })}
          data-testid={`${testId}-decline`}
        >
          <FormattedMessage id="login.term.decline" />
        </Button>
        {error ? null : (
          <Button
            onClick={onAccept}
            loading={busy}
            aria-label={intl.formatMessage({ id: 'login.term.acceptNamed' }, { termo: title })}
            data-testid={`${testId}-accept`}
          >
            <FormattedMessage id="login.term.accept" />
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
