import { useActorRef, useSelector } from '@xstate/react';
import type { Challenge } from 'altcha-lib';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { loginMachine, parsePendingTerm } from '#machines/login.machine.ts';
import {
  type AcceptTermInput,
  type FetchTermInput,
  type LoginCredentials,
  type LoginTarget,
  type PendingTerm,
  type SubmitLoginInput,
  UNKNOWN_ERROR_CODE,
} from '#machines/types.ts';
import { type BrandConfig, ErrorCode, type LoginResult, RestPath } from '#schemas/contract.ts';
import { api, rpc } from '#src/api/api.ts';
import { ApiError } from '#src/api/api-error.ts';
import { fetchLoginProviders, postLogin } from '#src/api/rest.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import { clearReturnTarget, storeReturnTarget } from '#src/lib/return-target.ts';
import { useAsync } from '#src/lib/use-async.ts';
import { profileRulesOf } from '#src/lib/login-outcome.ts';

/** The login providers the server lists for this site; the local one takes e-mail + password. */
export function useLoginProviders() {
  return useAsync(() => fetchLoginProviders(window.location.origin), []);
}

/** The server matches e-mails in lower case (spec §7): what was typed, as POST login takes it. */
export function loginBody(credentials: LoginCredentials): LoginCredentials {
  return { ...credentials, _username: credentials._username.trim().toLowerCase() };
}

/**
 * A fresh ALTCHA solution, solved without the person, for a login that repeats the typed
 * credentials (their captcha was spent). Null when the brand uses reCAPTCHA (a person must
 * solve it) or the page cannot solve one.
 */
async function freshAltcha(brand: BrandConfig, signal: AbortSignal): Promise<string | null> {
  if (brand.captcha.provider !== 'altcha') return null;
  const solver = await import('#src/components/forms/captcha-solver.ts');
  if (!solver.canSolve()) return null;
  const challenge = await api.get<Challenge>(RestPath.captchaChallenge, undefined, {
    display: 'inline',
    signal,
  });
  return solver.solveAltcha(challenge, signal);
}

/**
 * The machine's actors and actions on this app's API (issue 9 item 4):
 * - `submitLogin` posts the credentials as typed. A re-login after an accepted term sends them
 *   again, spent captcha included: the server exempts the login that follows an acceptance from
 *   the captcha for two minutes (server/accounts/service.ts `justAcceptedTerm`).
 * - `fetchTerm` (code 4, or a 21001 we could not read) logs in again to obtain the term and its
 *   single-use ticket, which only the login hands out; a fresh ALTCHA replaces the spent one.
 * - `acceptTerm` is BasePessoaClass.aceiteTermo with the ticket.
 * - the target is kept in sessionStorage (src/lib/return-target.ts).
 */
export function createLoginLogic(brand: BrandConfig) {
  return loginMachine.provide({
    actors: {
      submitLogin: fromPromise<LoginResult, SubmitLoginInput>(({ input, signal }) =>
        postLogin(input.loginId, loginBody(input.credentials), { display: 'inline', signal }),
      ),
      fetchTerm: fromPromise<PendingTerm, FetchTermInput>(async ({ input, signal }) => {
        const body = loginBody(input.credentials);
        if (body._recaptcha)
          body._recaptcha = (await freshAltcha(brand, signal)) ?? body._recaptcha;
        try {
          await postLogin(input.loginId, body, { display: 'inline', signal });
        } catch (e) {
          const pending =
            e instanceof ApiError && e.code === ErrorCode.TermsDetailed
              ? parsePendingTerm(e.message)
              : null;
          if (pending) return { termo: pending.termo, aceite: pending.aceite };
          throw e;
        }
        // The server no longer asks for a term; the person logs in again from the form.
        throw new ApiError(UNKNOWN_ERROR_CODE, '');
      }),
      acceptTerm: fromPromise<{ aceito: true }, AcceptTermInput>(({ input, signal }) =>
        rpc('BasePessoaClass', 'aceiteTermo', [{ idtermo: input.idtermo, aceite: input.aceite }], {
          display: 'inline',
          signal,
        }),
      ),
    },
    actions: {
      storeTarget: (_, params) => storeReturnTarget(params.target),
      clearTarget: () => clearReturnTarget(),
    },
  });
}

export interface LoginFlowOptions {
  brand: BrandConfig;
  loginId: number;
  target: LoginTarget;
}

/** One run of the login machine (one per opening of the modal), connected to `?inspect`. */
export function useLoginFlow({ brand, loginId, target }: LoginFlowOptions) {
  const [logic] = useState(() => createLoginLogic(brand));
  const [input] = useState(() => ({ loginId, target, rules: profileRulesOf(brand) }));
  const actor = useActorRef(logic, { input, ...inspectOptions() });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const inTerm = useSelector(actor, (s) => s.hasTag('term'));
  const term = useSelector(actor, (s) => s.context.term);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const output = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  return { actor, busy, inTerm, term, notice, error, output, submitting };
}
