import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type FlowError, toFlowError } from '#machines/types.ts';
import { rpc } from '#src/api/api.ts';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { notify } from '#src/components/notify.ts';
import { closeTerms, useTermsRequest } from '#src/lib/ui-stores.ts';
import { useAsync } from '#src/lib/use-async.ts';
import { TermView } from './term-view';

/** idtipo_termo of the terms of use (server/content/terms TERMO_USO), the ones code 4 is about. */
const TERMS_OF_USE = 1;

/** The term's text when it is on screen, else the first button of the body (Retry, Decline). */
function focusTarget(body: HTMLElement | null): HTMLElement | null {
  return (
    body?.querySelector<HTMLElement>('[role="region"]') ??
    body?.querySelector<HTMLElement>('button') ??
    null
  );
}

/**
 * Code 4 while logged in (spec §8): the terms of use changed after the session began. A new
 * login cannot settle it (someone who signed in through an identity provider has no password),
 * so this modal shows the current term and records the acceptance with the session; the person
 * then repeats what failed. Declining (or closing) changes nothing. The same modal settles the
 * terms of a login through an identity provider (`onSettled` of the request): there, declining
 * ends the session. Opened by the error policy
 * through `openTerms` (src/lib/ui-stores.ts), mounted once by the shell.
 */
export function TermsModal() {
  const request = useTermsRequest();
  const contentRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Still loading: the dialog itself (not its close button); the term takes the focus when it
  // arrives (TermView).
  const initialFocusEl = useCallback(() => focusTarget(bodyRef.current) ?? contentRef.current, []);
  return (
    <ModalFrame
      open={request.open}
      onClose={() => closeTerms()}
      title={<FormattedMessage id={request.onSettled ? 'login.term.title' : 'terms.title'} />}
      testId="terms-modal"
      size="lg"
      initialFocusEl={initialFocusEl}
      contentRef={contentRef}
      bodyRef={bodyRef}
    >
      {request.open ? (
        <TermsPanel
          notice={request.notice}
          forLogin={Boolean(request.onSettled)}
          bodyRef={bodyRef}
        />
      ) : null}
    </ModalFrame>
  );
}

interface Acceptance {
  busy: boolean;
  error: FlowError | null;
}

function TermsPanel({
  notice,
  forLogin,
  bodyRef,
}: {
  notice: string | null;
  /** Part of a login: its own welcome follows, not "accepted, try again". */
  forLogin: boolean;
  bodyRef: RefObject<HTMLDivElement | null>;
}) {
  const intl = useIntl();
  const term = useAsync(
    (signal) =>
      rpc('BaseTermoClass', 'getTermoCorrente', [TERMS_OF_USE, null], {
        display: 'inline',
        signal,
      }),
    [],
  );
  const [acceptance, setAcceptance] = useState<Acceptance>({ busy: false, error: null });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const termo = term.data ?? null;
  const accept = () => {
    if (!termo || acceptance.busy) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setAcceptance({ busy: true, error: null });
    // With a session no single-use ticket is needed: the server knows who accepts.
    rpc('BasePessoaClass', 'aceiteTermo', [{ idtermo: termo.idtermo }], {
      display: 'inline',
      signal: current.signal,
    }).then(
      () => {
        if (current.signal.aborted) return;
        closeTerms(true);
        if (!forLogin) {
          notify({ type: 'success', description: intl.formatMessage({ id: 'terms.accepted' }) });
        }
      },
      (e: unknown) => {
        if (!current.signal.aborted) setAcceptance({ busy: false, error: toFlowError(e) });
      },
    );
  };

  const error = term.error ?? acceptance.error;
  // A failure hides the Accept button that had the focus: move it to Retry, not the page.
  useEffect(() => {
    if (!error) return;
    const body = bodyRef.current;
    const active = document.activeElement;
    const stray =
      !active || active === document.body || active === body?.closest('[role="dialog"]');
    if (body && stray) body.querySelector<HTMLElement>('button')?.focus();
  }, [error, bodyRef]);

  return (
    <TermView
      termo={termo}
      notice={notice}
      error={error}
      busy={acceptance.busy}
      onAccept={accept}
      onDecline={() => closeTerms()}
      onRetry={term.error ? term.reload : accept}
      testId="terms"
    />
  );
}
