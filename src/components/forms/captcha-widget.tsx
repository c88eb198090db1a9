import { Box, Button, HStack, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import type { Challenge } from 'altcha-lib';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { RestPath } from '#schemas/contract.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import type { MessageId } from '#src/lib/messages.d.ts';
import { controlA11y } from './a11y';
import { uiContext } from './form-context';

/**
 * The brand's captcha (`_recaptcha`): ALTCHA, our own proof-of-work check, unless the brand's
 * config says reCAPTCHA (a site key and a server secret, see server/captcha/provider.ts). Either
 * stores the token the server checks; a token is single-use, so the widget starts over after
 * each submission.
 */
export function CaptchaWidget(props: WidgetProps) {
  const { captcha } = useBrand();
  if (captcha.provider === 'recaptcha' && captcha.siteKey) {
    return <RecaptchaWidget {...props} siteKey={captcha.siteKey} />;
  }
  return <AltchaWidget {...props} />;
}

/** Runs `reset` when a submission ends (pending goes from true to false). */
function useAfterSubmit(props: WidgetProps, reset: () => void): void {
  const pending = uiContext(props.registry.formContext).pending;
  const wasPending = useRef(pending);
  const resetRef = useRef(reset);
  resetRef.current = reset;
  useEffect(() => {
    if (wasPending.current && !pending) resetRef.current();
    wasPending.current = pending;
  }, [pending]);
}

type Status = 'idle' | 'verifying' | 'verified' | 'error' | 'expired';

const STATUS_TEXT: Readonly<Record<Status, MessageId | null>> = {
  idle: null,
  verifying: 'formui.captcha.verifying',
  verified: 'formui.captcha.verified',
  error: 'formui.captcha.error',
  expired: 'formui.captcha.expired',
};

function CheckMark() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A button "Verify I'm human": it fetches a challenge, solves it in the browser (a second or
 * so), then shows a check mark and stores the token. One button throughout (aria-disabled
 * while busy or done, so focus stays put); a polite live region announces each change.
 */
export function AltchaWidget(props: WidgetProps) {
  const intl = useIntl();
  const value = typeof props.value === 'string' && props.value !== '' ? props.value : null;
  const [status, setStatus] = useState<Status>(value ? 'verified' : 'idle');
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => () => abort.current?.abort(), []);

  // The server refuses a solution after its challenge expires: ask for a new one then.
  useEffect(() => {
    if (status !== 'verified' || expiresAt === null) return;
    const timer = setTimeout(
      () => {
        onChange.current(undefined);
        setStatus('expired');
      },
      Math.max(0, expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [status, expiresAt]);

  // The caller cleared the field (e.g. after the server refused the token): start over.
  const hadValue = useRef(value !== null);
  useEffect(() => {
    if (hadValue.current && value === null && status === 'verified') setStatus('idle');
    hadValue.current = value !== null;
  }, [value, status]);

  useAfterSubmit(props, () => {
    if (status !== 'verified') return;
    onChange.current(undefined);
    setStatus('idle');
  });

  async function start() {
    if (status === 'verifying' || status === 'verified' || props.disabled || props.readonly) {
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStatus('verifying');
    try {
      // Loaded on first use: the solver and altcha-lib stay out of the main bundle.
      const [{ api }, solver] = await Promise.all([
        import('#src/api/api.ts'),
        import('./captcha-solver'),
      ]);
      if (!solver.canSolve()) throw new Error('Web Crypto is not available');
      const challenge = await api.get<Challenge>(RestPath.captchaChallenge, undefined, {
        display: 'inline',
        signal: controller.signal,
      });
      const token = await solver.solveAltcha(challenge, controller.signal);
      if (controller.signal.aborted) return;
      if (!token) throw new Error('not solved');
      setExpiresAt(solver.challengeExpiry(challenge));
      onChange.current(token);
      setStatus('verified');
    } catch {
      if (!controller.signal.aborted) setStatus('error');
    }
  }

  const a11y = controlA11y(props);
  const statusId = `${props.id}__status`;
  const textId = `${props.id}__text`;
  const busy = status === 'verifying';
  const done = status === 'verified';
  const statusText = STATUS_TEXT[status];
  const message = statusText ? intl.formatMessage({ id: statusText }) : '';
  let icon: ReactNode = null;
  if (busy) icon = <Spinner size="sm" aria-hidden="true" />;
  else if (done) icon = <CheckMark />;
  return (
    <Box
      borderWidth="1px"
      borderColor={a11y['aria-invalid'] ? 'border.error' : 'border'}
      rounded="l2"
      p="3"
      w="full"
    >
      <HStack gap="3" wrap="wrap">
        <Button
          {...a11y}
          type="button"
          variant={done ? 'subtle' : 'outline'}
          colorPalette={done ? 'green' : undefined}
          size="sm"
          aria-labelledby={`${props.id}__label ${textId}`}
          aria-describedby={[a11y['aria-describedby'], statusId].filter(Boolean).join(' ')}
          aria-disabled={busy || done ? true : undefined}
          disabled={props.disabled || props.readonly}
          data-status={status}
          onClick={() => void start()}
          onBlur={() => props.onBlur(props.id, props.value)}
          onFocus={() => props.onFocus(props.id, props.value)}
        >
          {icon}
          <span id={textId}>
            {intl.formatMessage({
              id: busy
                ? 'formui.captcha.verifying'
                : done
                  ? 'formui.captcha.verified'
                  : 'formui.captcha.verify',
            })}
          </span>
        </Button>
        <Text id={statusId} role="status" aria-live="polite" fontSize="sm" color="fg.muted">
          {status === 'error' || status === 'expired' ? (
            message
          ) : (
            <VisuallyHidden>{message}</VisuallyHidden>
          )}
        </Text>
      </HStack>
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// reCAPTCHA (v2 checkbox), for brands that chose it

interface Grecaptcha {
  ready(cb: () => void): void;
  render(
    container: HTMLElement,
    params: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaScript: Promise<Grecaptcha> | null = null;

/** Loads Google's script once (the server's CSP allows it only for reCAPTCHA brands). */
function loadRecaptcha(locale: string): Promise<Grecaptcha> {
  if (window.grecaptcha) {
    const g = window.grecaptcha;
    return new Promise((resolve) => g.ready(() => resolve(g)));
  }
  if (!recaptchaScript) {
    recaptchaScript = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(locale)}`;
      script.async = true;
      script.onload = () => {
        const g = window.grecaptcha;
        if (g) g.ready(() => resolve(g));
        else reject(new Error('grecaptcha missing'));
      };
      script.onerror = () => {
        recaptchaScript = null;
        script.remove();
        reject(new Error('reCAPTCHA did not load'));
      };
      document.head.append(script);
    });
  }
  return recaptchaScript;
}

function RecaptchaWidget(props: WidgetProps & { siteKey: string }) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ g: Grecaptcha; id: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(intl.locale).then(
      (g) => {
        if (cancelled || !box.current || widget.current) return;
        const id = g.render(box.current, {
          sitekey: props.siteKey,
          callback: (token) => onChange.current(token),
          'expired-callback': () => onChange.current(undefined),
          'error-callback': () => onChange.current(undefined),
        });
        widget.current = { g, id };
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [props.siteKey, intl.locale]);

  useAfterSubmit(props, () => {
    if (!widget.current) return;
    widget.current.g.reset(widget.current.id);
    onChange.current(undefined);
  });

  const a11y = controlA11y(props);
  return (
    <Box
      id={props.id}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${props.id}__label`}
      aria-describedby={a11y['aria-describedby']}
      aria-invalid={a11y['aria-invalid']}
    >
      <div ref={box} />
      {failed ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {intl.formatMessage({ id: 'formui.captcha.error' })}
        </Text>
      ) : null}
    </Box>
  );
}
