import {
  Box,
  Button,
  CloseButton,
  Heading,
  HStack,
  Input,
  Link,
  Portal,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type BrandConfig, FAQ_SLUGS } from '#schemas/contract.ts';
import { type OpeningStatus, openingStatus } from '#schemas/opening-hours.ts';
import { AppLink } from '#src/components/app-link.tsx';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon } from '#src/components/chakra-icons.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { formatTime, formatWeekday } from '#src/lib/dates.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { mailtoHref, telHref, whatsappHref } from '#src/lib/support-links.ts';
import { closeSupport, useSupportRequest } from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { MIN_QUERY_LENGTH, searchFaq } from '../faq-search';
import { useSupportPanel } from '../hooks/use-support-panel';
import { ContactForm } from './contact-form';

/** The panel re-reads the clock this often while it is mounted ("open now" changes). */
const CLOCK_MS = 30_000;

/** The time now, read again each time the panel opens and every {@link CLOCK_MS} while open. */
function useNow(open: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!open) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, [open]);
  return now;
}

/**
 * The support panel (spec §2 "A fixed chat-help button opens a chat panel", §3 support
 * settings): a dialog at the side with the brand's channels (WhatsApp, phone, e-mail), its
 * opening hours and whether it is open now (America/Sao_Paulo), a search over the FAQ (loaded
 * when the panel first opens), the brand's third-party chat when it has one (its script loaded
 * only when asked for) and the contact form. Escape, the close button or a click outside close
 * it; the focus returns to what opened it (else the chat button).
 */
export function SupportPanel({
  brand,
  chatButtonId,
}: {
  brand: BrandConfig;
  chatButtonId: string;
}) {
  const intl = useIntl();
  const { open, opener } = useSupportRequest();
  const flow = useSupportPanel(brand);
  const { actor } = flow;
  const contactTitleId = useId();
  useEffect(() => {
    if (open) actor.send({ type: 'panel.opened' });
  }, [open, actor]);

  return (
    // A side sheet made of the dialog (its recipe is in the shop's system already; a drawer's
    // would weigh on every first visit): full screen on a phone, at the end side from `sm`.
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) closeSupport();
      }}
      scrollBehavior="inside"
      finalFocusEl={() => (opener?.isConnected ? opener : document.getElementById(chatButtonId))}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner justifyContent="flex-end" alignItems="stretch" p="0">
          <Dialog.Content
            data-testid="support-panel"
            m="0"
            w="full"
            maxW={{ base: '100vw', sm: 'md' }}
            h="100dvh"
            maxH="100dvh"
            borderRadius="0"
            // In from the side; gone at once when closed, so the focus is back on the button
            // without waiting for an animation.
            _open={{
              animationName: 'slide-from-right-full, fade-in',
              animationDuration: 'moderate',
            }}
            _closed={{ animationName: 'none' }}
          >
            <Dialog.Header borderBottomWidth="1px">
              <Dialog.Title asChild>
                <Heading as="h2" size="lg" fontFamily="heading">
                  <FormattedMessage id="support.title" />
                </Heading>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body py="5">
              <Stack gap="8">
                <Channels brand={brand} open={open} />
                {brand.support.chatWidget ? (
                  <ChatStarter
                    provider={brand.support.chatWidget.provider}
                    loading={flow.widgetLoading}
                    ready={flow.widgetReady}
                    failed={flow.widgetFailed}
                    onStart={() => actor.send({ type: 'widget.requested' })}
                  />
                ) : null}
                <Separator />
                <FaqSearch
                  faq={flow.faq}
                  loading={flow.faqLoading}
                  failed={flow.faqFailed}
                  error={flow.faqError}
                  onRetry={() => actor.send({ type: 'faq.retried' })}
                />
                <Separator />
                <Stack as="section" gap="3" aria-labelledby={contactTitleId}>
                  <Heading as="h3" size="md" id={contactTitleId}>
                    <FormattedMessage id="support.contact.title" />
                  </Heading>
                  <ContactForm />
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** "Aberto agora · até 18:00" / "Fechado agora · abre terça-feira às 09:00". */
function statusText(
  status: OpeningStatus,
  locale: string,
  intl: ReturnType<typeof useIntl>,
): string {
  if (status.open) {
    const time = formatTime(`2000-01-01 ${status.closesAt}`, locale);
    return intl.formatMessage({ id: 'support.status.open' }, { time });
  }
  const next = status.next;
  if (!next) return intl.formatMessage({ id: 'support.status.closed' });
  const time = formatTime(`${next.date} ${next.time}`, locale);
  if (next.inDays === 0) return intl.formatMessage({ id: 'support.status.opensToday' }, { time });
  if (next.inDays === 1) {
    return intl.formatMessage({ id: 'support.status.opensTomorrow' }, { time });
  }
  const weekday = formatWeekday(next.date, locale);
  return intl.formatMessage({ id: 'support.status.opensOn' }, { weekday, time });
}

function Channels({ brand, open }: { brand: BrandConfig; open: boolean }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const now = useNow(open);
  const titleId = useId();
  const { support } = brand;
  const status = support.openingHours ? openingStatus(support.openingHours, now) : null;
  return (
    <Stack as="section" gap="3" aria-labelledby={titleId}>
      <Heading as="h3" size="md" id={titleId}>
        <FormattedMessage id="support.channels.title" />
      </Heading>
      <Box
        borderWidth="1px"
        borderRadius="md"
        px="3"
        py="2"
        bg={status?.open ? 'green.subtle' : 'bg.muted'}
        data-testid="support-status"
        data-open={status ? String(status.open) : undefined}
      >
        <HStack gap="2" align="start">
          <ClockIcon boxSize="4" mt="1" />
          <Stack gap="0">
            {status ? <Text fontWeight="semibold">{statusText(status, locale, intl)}</Text> : null}
            <Text fontSize="sm" color="fg.muted">
              {support.hours[locale]}
            </Text>
          </Stack>
        </HStack>
      </Box>
      <Stack as="ul" gap="2" listStyleType="none" data-testid="support-channels">
        {support.whatsapp ? (
          <li>
            <ChannelLink
              href={whatsappHref(support.whatsapp)}
              icon={<ChatIcon boxSize="4" />}
              external
            >
              <FormattedMessage
                id="support.channels.whatsapp"
                values={{ phone: support.whatsapp }}
              />
            </ChannelLink>
          </li>
        ) : null}
        {support.phone ? (
          <li>
            <ChannelLink href={telHref(support.phone)} icon={<PhoneIcon boxSize="4" />}>
              <FormattedMessage id="support.channels.phone" values={{ phone: support.phone }} />
            </ChannelLink>
          </li>
        ) : null}
        {support.email ? (
          <li>
            <ChannelLink href={mailtoHref(support.email)} icon={<MailIcon boxSize="4" />}>
              <FormattedMessage id="support.channels.email" values={{ email: support.email }} />
            </ChannelLink>
          </li>
        ) : null}
      </Stack>
    </Stack>
  );
}

function ChannelLink({
  href,
  icon,
  external = false,
  children,
}: {
  href: string;
  icon: React.ReactNode;
  external?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      href={href}
      display="inline-flex"
      alignItems="center"
      gap="2"
      minH="6"
      color="brand.fg"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {icon}
      <span>{children}</span>
      {external ? (
        <Box as="span" srOnly>
          <FormattedMessage id="support.newTab" />
        </Box>
      ) : null}
    </Link>
  );
}

function ChatStarter({
  provider,
  loading,
  ready,
  failed,
  onStart,
}: {
  provider: string;
  loading: boolean;
  ready: boolean;
  failed: boolean;
  onStart: () => void;
}) {
  return (
    <Stack gap="2" data-testid="support-chat">
      <Button
        onClick={onStart}
        loading={loading}
        disabled={ready}
        alignSelf="flex-start"
        data-testid="support-chat-start"
      >
        <ChatIcon boxSize="4" />
        <FormattedMessage id="support.chat.start" values={{ provider }} />
      </Button>
      <Box role="status" fontSize="sm" color="fg.muted">
        {loading ? <FormattedMessage id="support.chat.loading" /> : null}
        {ready ? <FormattedMessage id="support.chat.ready" values={{ provider }} /> : null}
        {!loading && !ready && !failed ? (
          <FormattedMessage id="support.chat.note" values={{ provider }} />
        ) : null}
      </Box>
      {failed ? (
        <ErrorAlert
          message={<FormattedMessage id="support.chat.failed" />}
          onRetry={onStart}
          testId="support-chat-failed"
        />
      ) : null}
    </Stack>
  );
}

function FaqSearch({
  faq,
  loading,
  failed,
  error,
  onRetry,
}: {
  faq: ReturnType<typeof useSupportPanel>['faq'];
  loading: boolean;
  failed: boolean;
  error: ReturnType<typeof useSupportPanel>['faqError'];
  onRetry: () => void;
}) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const [query, setQuery] = useState('');
  const hits = useMemo(() => (faq ? searchFaq(faq, query) : []), [faq, query]);
  const searching = query.trim().length >= MIN_QUERY_LENGTH;
  const allLink = (
    <AppLink to={to('Informacoes', { pagina: FAQ_SLUGS[locale] })} onClick={() => closeSupport()}>
      <FormattedMessage id="support.faq.all" />
    </AppLink>
  );
  return (
    <Stack as="section" gap="3" aria-labelledby={titleId} data-testid="support-faq">
      <Heading as="h3" size="md" id={titleId}>
        <FormattedMessage id="support.faq.title" />
      </Heading>
      <Stack gap="1">
        <Box asChild fontWeight="medium" fontSize="sm">
          <label htmlFor={inputId}>
            <FormattedMessage id="support.faq.search" />
          </label>
        </Box>
        <Input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={hintId}
          autoComplete="off"
          disabled={!faq}
        />
        <Text id={hintId} fontSize="xs" color="fg.muted">
          <FormattedMessage id="support.faq.hint" />
        </Text>
      </Stack>
      {loading ? (
        <HStack gap="2" color="fg.muted" fontSize="sm">
          <Spinner size="sm" />
          <Text>{intl.formatMessage({ id: 'common.loading' })}</Text>
        </HStack>
      ) : null}
      {failed && error ? (
        <ErrorAlert
          message={<ErrorMessage error={error} />}
          onRetry={onRetry}
          testId="support-faq-failed"
        />
      ) : null}
      {/* Said when the results change; the list itself is read on demand. */}
      <Box role="status" fontSize="sm" color="fg.muted" data-testid="support-faq-status">
        {faq && searching && hits.length > 0 ? (
          <FormattedMessage id="support.faq.results" values={{ count: hits.length }} />
        ) : null}
        {faq && searching && hits.length === 0 ? (
          <FormattedMessage id="support.faq.none" values={{ query: query.trim() }} />
        ) : null}
      </Box>
      {faq && searching && hits.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="support-faq-results">
          {hits.map((h) => (
            <li key={`${h.categoria}|${h.pergunta}`}>
              <Box
                as="details"
                borderWidth="1px"
                borderRadius="md"
                bg="bg"
                px="3"
                py="2"
                css={{ '& > summary': { cursor: 'pointer', fontWeight: 'semibold' } }}
              >
                <summary>{h.pergunta}</summary>
                <Box
                  mt="2"
                  fontSize="sm"
                  lineHeight="tall"
                  css={{
                    '& p, & ul, & ol': { marginBottom: '2' },
                    '& ul': { listStyleType: 'disc', paddingInlineStart: '5' },
                    '& a': { color: 'brand.fg', textDecoration: 'underline' },
                  }}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (allowlist).
                  dangerouslySetInnerHTML={{ __html: h.resposta }}
                />
              </Box>
            </li>
          ))}
        </Stack>
      ) : null}
      <Text fontSize="sm">{allLink}</Text>
    </Stack>
  );
}
