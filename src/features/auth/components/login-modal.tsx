import { Alert, Button, CloseButton, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { LoginOutput, LoginTarget } from '#machines/types.ts';
import type { Locale, LoginBody, LoginProvider } from '#schemas/contract.ts';
import { Dialog } from '#src/components/dialog.tsx';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import {
  useCaptchaAsked,
  useServerFieldErrors,
} from '#src/components/forms/use-server-field-errors.ts';
import { LoadingState } from '#src/components/loading-state.tsx';
import { notify } from '#src/components/notify.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import type { MessageId } from '#src/lib/messages.d.ts';
import { clearReturnTarget } from '#src/lib/return-target.ts';
import { startSession, useSession } from '#src/lib/session-store.ts';
import {
  bumpCart,
  closeLogin,
  type LoginRequest,
  openForgotPassword,
  openSignUp,
  useCardCampaignAsk,
  useLoginRequest,
} from '#src/lib/ui-stores.ts';
import { firstField, useFirstFieldFocus } from '#src/lib/use-first-field-focus.ts';
import { useLoginFlow, useLoginProviders } from '../hooks/use-login';
import { usePlace } from '../hooks/use-login-landing';
import { planLogin } from '#src/lib/login-outcome.ts';
import { ProviderButtons } from './provider-buttons';
import { TermView } from './term-view';

/** What the running flow tells the dialog around it. */
interface FlowControls {
  /** Ends the running flow (`login.cancelled`); set by the flow while it runs. */
  cancel: (() => void) | null;
  /** How the last flow ended; `profile` and `redirect` keep the stored target. */
  ended: LoginOutput['kind'] | null;
}

/**
 * The login modal (spec §2): opened by actions (add to cart, "Entrar", ?fazerlogin), never by
 * a route. It drives the login machine (machines/login.machine.ts): credentials, a term to
 * accept, an identity provider; afterwards it runs the action that asked for it, or goes to
 * the target it was opened with, or to the profile when the session is incomplete.
 */
export function LoginModal() {
  const request = useLoginRequest();
  const focus = useFirstFieldFocus(request.open);
  const controls = useRef<FlowControls>({ cancel: null, ended: null });

  // Closed without a kept outcome (the person closed it, another modal took over): the target
  // stored when it opened must not send a later profile save somewhere unexpected.
  const wasOpen = useRef(request.open);
  useEffect(() => {
    if (wasOpen.current && !request.open) {
      const { ended } = controls.current;
      if (ended !== 'profile' && ended !== 'redirect') clearReturnTarget();
    }
    if (!wasOpen.current && request.open) controls.current.ended = null;
    wasOpen.current = request.open;
  }, [request.open]);

  return (
    // A fixed size: a responsive one kept the full-screen size's 100dvh height on laptops.
    <Dialog.Root
      open={request.open}
      onOpenChange={(e) => {
        if (e.open) return;
        controls.current.cancel?.();
        closeLogin();
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
              {request.open ? <LoginPanel request={request} controls={controls} /> : null}
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

/** The providers, then one login flow; a declined term starts a fresh one with a notice. */
function LoginPanel({
  request,
  controls,
}: {
  request: LoginRequest;
  controls: RefObject<FlowControls>;
}) {
  const providers = useLoginProviders();
  const place = usePlace();
  // Fixed when the modal opens: the page the person was on, unless the opener named a target.
  const [target] = useState<LoginTarget>(
    () => request.target ?? { kind: 'address', path: place().here },
  );
  const [run, setRun] = useState<{ attempt: number; notice: MessageId | null }>({
    attempt: 0,
    notice: null,
  });

  const local = providers.data?.find((p) => p.tipo === 'local');
  if (providers.loading) return <LoadingState />;
  if (providers.error || !local) {
    return (
      <ErrorAlert message={<ErrorMessage error={providers.error} />} onRetry={providers.reload} />
    );
  }
  return (
    <LoginFlow
      key={run.attempt}
      loginId={local.id}
      providers={providers.data ?? []}
      target={target}
      notice={run.notice}
      onSuccess={request.onSuccess}
      onLeave={request.onLeave}
      controls={controls}
      onDeclined={(notice) => setRun((r) => ({ attempt: r.attempt + 1, notice }))}
    />
  );
}

type LoginData = LoginBody;

function LoginFlow({
  loginId,
  providers,
  target,
  notice,
  onSuccess,
  onLeave,
  controls,
  onDeclined,
}: {
  loginId: number;
  providers: readonly LoginProvider[];
  target: LoginTarget;
  notice: MessageId | null;
  onSuccess?: (() => void) | undefined;
  onLeave?: (() => void) | undefined;
  controls: RefObject<FlowControls>;
  onDeclined(notice: MessageId): void;
}) {
  const intl = useIntl();
  const brand = useBrand();
  const navigate = useNavigate();
  const place = usePlace();
  const flow = useLoginFlow({ brand, loginId, target });
  const { actor, output } = flow;
  const errorId = useId();
  const formBox = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // A fresh form after a declined term: the focus (on the gone Decline button) goes to the why.
  useEffect(() => {
    noticeRef.current?.focus();
  }, []);

  useEffect(() => {
    controls.current.cancel = () => {
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'login.cancelled' });
    };
    return () => {
      controls.current.cancel = null;
    };
  }, [actor, controls]);

  // The flow's end, carried out once.
  const handled = useRef(false);
  const latest = useRef({ onSuccess, onLeave, onDeclined });
  latest.current = { onSuccess, onLeave, onDeclined };
  useEffect(() => {
    if (!output || handled.current) return;
    handled.current = true;
    controls.current.ended = output.kind;
    const plan = planLogin(output, place());
    switch (plan.kind) {
      case 'session': {
        const { access_token, pessoa } = plan.session;
        startSession(access_token, pessoa);
        bumpCart();
        notify({
          type: 'success',
          description: intl.formatMessage({ id: 'login.welcome' }, { nome: pessoa.nome }),
        });
        // Told before the modal closes: closing drops an action that waits for this login.
        if (!plan.continueAction) latest.current.onLeave?.();
        closeLogin();
        if (plan.continueAction) latest.current.onSuccess?.();
        if (plan.path) navigate(plan.path);
        break;
      }
      case 'leave':
        latest.current.onLeave?.();
        window.location.assign(plan.url);
        break;
      case 'declined':
        latest.current.onDeclined(plan.message);
        break;
      case 'cancelled':
        break;
    }
  }, [output, controls, place, intl, navigate]);

  // Back from a term to the form (the re-login failed): the focus goes back to the form.
  const wasTerm = useRef(flow.inTerm);
  useEffect(() => {
    if (wasTerm.current && !flow.inTerm && !output) firstField(formBox.current)?.focus();
    wasTerm.current = flow.inTerm;
  }, [flow.inTerm, output]);

  const error = flow.inTerm ? null : flow.error;
  // Opened for a card-brand campaign's product: the form asks for the card's first six digits
  // (a person already logged in signs in again, their e-mail already filled in).
  const campaignAsk = useCardCampaignAsk();
  const campaign = campaignAsk ? brand.cardCampaign : undefined;
  const { pessoa } = useSession();
  const [data, setData] = useState<Partial<LoginData>>(() =>
    campaign && pessoa ? { _username: pessoa.email } : {},
  );
  const fieldErrors = useServerFieldErrors(error, data);
  // The server asks for the captcha when this address failed many logins (an error at
  // `._recaptcha`): from then on the form shows the brand's captcha and sends its solution.
  const captchaAsked = useCaptchaAsked(error);
  return (
    <Stack gap="4">
      {/* Hidden, not unmounted, during a term: it keeps what was typed for a failed re-login. */}
      <Stack
        ref={formBox}
        gap="4"
        display={flow.inTerm ? 'none' : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {notice ? (
          <Alert.Root
            ref={noticeRef}
            status="info"
            role="status"
            tabIndex={-1}
            data-testid="login-declined"
          >
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                <FormattedMessage id={notice} />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Text color="fg.muted">
          <FormattedMessage id="login.intro" />
        </Text>
        {campaign ? (
          <Alert.Root status="info" data-testid="login-card-campaign">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                <FormattedMessage
                  id="login.cardCampaign"
                  values={{ campanha: campaign.name[intl.locale as Locale] }}
                />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {error ? (
          <div id={errorId}>
            <ErrorAlert message={<ErrorMessage error={error} />} testId="login-error" />
          </div>
        ) : null}
        {/* schemas/forms/login.schema.json, composed for the brand (captcha, card campaign). */}
        <SchemaForm<LoginData>
          formId="login"
          flags={{
            ...(campaign ? { cardCampaign: true } : {}),
            ...(captchaAsked ? { captchaAsked: true } : {}),
          }}
          formData={data}
          onChange={setData}
          fieldErrors={fieldErrors}
          onSubmit={(credentials) => actor.send({ type: 'login.submitted', credentials })}
          submitLabel="login.submit"
          pending={flow.submitting}
        />
        <ProviderButtons
          providers={providers}
          onChoose={(url) => {
            if (actor.getSnapshot().status === 'active') {
              actor.send({ type: 'login.providerChosen', url });
            } else {
              window.location.assign(url);
            }
          }}
        />
        <AccountLinks onSuccess={onSuccess} />
      </Stack>
      {flow.inTerm ? (
        <TermView
          termo={flow.term?.termo ?? null}
          notice={flow.notice}
          error={flow.error}
          busy={flow.busy}
          onAccept={() => actor.send({ type: 'terms.accepted' })}
          onDecline={() => actor.send({ type: 'terms.declined' })}
          onRetry={() => actor.send({ type: 'login.retry' })}
        />
      ) : null}
    </Stack>
  );
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
