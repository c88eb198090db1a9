import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { loginMachine } from '#machines/login.machine.ts';
import { PROFILE_WARNING } from '#machines/session-rules.ts';
import type { LoginOutput, LoginTarget } from '#machines/types.ts';
import type { LoginResult, SessaoPessoa } from '#schemas/contract.ts';
import { landingPath, type Place, planLogin, targetFromRedirect } from './login-outcome';

const multi = { multiLanguage: true };
const single = { multiLanguage: false };
const at = (here: string, locale: Place['locale'] = 'pt-BR', mode = multi): Place => ({
  locale,
  mode,
  here,
});

const pessoa = (over: Partial<SessaoPessoa> = {}): SessaoPessoa => ({
  idpessoa: 1,
  bin: null,
  nome: 'Ana',
  email: 'ana@example.com',
  idpessoa_tipo: 1,
  cpf: '12345678909',
  passaporte: null,
  empresa_cnpj: null,
  empresa_razao: null,
  end_estado: 'SP',
  end_pais: 'BR',
  nacionalidade: 'BR',
  ...over,
});
const session = (p = pessoa()): LoginResult => ({ access_token: 'token', pessoa: p });

describe('planLogin: the login machine’s output → what the app does', () => {
  it('stays on the page it was opened from, and continues the action that asked', () => {
    const target: LoginTarget = { kind: 'address', path: '/pt/produto/3?sessao=2' };
    expect(
      planLogin({ kind: 'done', target, session: session() }, at('/pt/produto/3?sessao=2')),
    ).toEqual({ kind: 'session', session: session(), path: null, continueAction: true });
  });

  it('goes to the target route (?fazerlogin → my orders) in the language on screen', () => {
    const target: LoginTarget = { kind: 'route', route: 'MeusPedidos' };
    const done: LoginOutput = { kind: 'done', target, session: session() };
    expect(planLogin(done, at('/pt')).kind === 'session' && planLogin(done, at('/pt'))).toEqual(
      expect.objectContaining({ path: '/pt/meuspedidos' }),
    );
    expect(planLogin(done, at('/en', 'en-US'))).toEqual(
      expect.objectContaining({ path: '/en/requests' }),
    );
    expect(planLogin(done, at('/', 'pt-BR', single))).toEqual(
      expect.objectContaining({ path: '/meuspedidos' }),
    );
    // Already there: no second entry in the history.
    expect(planLogin(done, at('/pt/meuspedidos'))).toEqual(expect.objectContaining({ path: null }));
  });

  it('sends an incomplete profile to Perfil with the warning, without the waiting action', () => {
    const out: LoginOutput = {
      kind: 'profile',
      warning: PROFILE_WARNING.document,
      target: { kind: 'route', route: 'Checkout' },
      session: session(pessoa({ cpf: null })),
    };
    expect(planLogin(out, at('/pt/checkout'))).toEqual({
      kind: 'session',
      session: out.session,
      path: '/pt/perfil?aviso=login.profileWarning.document',
      continueAction: false,
    });
    expect(planLogin(out, at('/en/checkout', 'en-US'))).toEqual(
      expect.objectContaining({ path: '/en/profile?aviso=login.profileWarning.document' }),
    );
  });

  it('leaves for a provider, and starts no session on a declined term or a close', () => {
    expect(planLogin({ kind: 'redirect', url: 'https://idp.example/a' }, at('/pt'))).toEqual({
      kind: 'leave',
      url: 'https://idp.example/a',
    });
    expect(planLogin({ kind: 'declined', message: 'login.termsDeclined' }, at('/pt'))).toEqual({
      kind: 'declined',
      message: 'login.termsDeclined',
    });
    expect(planLogin({ kind: 'cancelled' }, at('/pt'))).toEqual({ kind: 'cancelled' });
  });
});

describe('landingPath (login modal and ?access_token= alike)', () => {
  it('prefers the warning, ignores unknown targets and the page already on screen', () => {
    const target: LoginTarget = { kind: 'address', path: '/pt/checkout' };
    expect(landingPath({ warning: PROFILE_WARNING.address, target }, at('/pt'))).toBe(
      '/pt/perfil?aviso=login.profileWarning.address',
    );
    expect(landingPath({ warning: null, target }, at('/pt'))).toBe('/pt/checkout');
    expect(landingPath({ warning: null, target: null }, at('/pt'))).toBeNull();
    expect(landingPath({ warning: null, target: { kind: 'route', route: 'X' } }, at('/pt'))).toBe(
      null,
    );
    expect(
      landingPath({ warning: null, target: { kind: 'address', path: '//evil.example' } }, at('/')),
    ).toBeNull();
    // A route target on its own page, whatever the query.
    expect(
      landingPath(
        { warning: null, target: { kind: 'route', route: 'Produto', params: { id: '4' } } },
        at('/pt/produto/4?sessao=9'),
      ),
    ).toBeNull();
  });
});

describe('targetFromRedirect (?redirect=)', () => {
  it('takes route names, site paths and route paths; refuses other sites', () => {
    expect(targetFromRedirect('MeusPedidos', multi)).toEqual({
      kind: 'route',
      route: 'MeusPedidos',
    });
    expect(targetFromRedirect('checkout', multi)).toEqual({ kind: 'route', route: 'Checkout' });
    expect(targetFromRedirect('requests', multi)).toEqual({
      kind: 'route',
      route: 'MeusPedidos',
      params: {},
    });
    expect(targetFromRedirect('en/product/3', multi)).toEqual({
      kind: 'route',
      route: 'Produto',
      params: { id: '3' },
    });
    expect(targetFromRedirect('/pt/checkout?x=1', multi)).toEqual({
      kind: 'address',
      path: '/pt/checkout?x=1',
    });
    for (const bad of ['', ' ', '//evil.example', 'https://evil.example', '/\\evil', 'nope/x']) {
      expect(targetFromRedirect(bad, multi), bad).toBeNull();
    }
  });
});

describe('the real login machine, planned', () => {
  const rules = { idagencia: 7, idagenciaaguardando: 8, editarEnderecoCadastro: false };

  async function finish(result: LoginResult, target: LoginTarget): Promise<LoginOutput> {
    const stored: LoginTarget[] = [];
    const actor = createActor(
      loginMachine.provide({
        actors: { submitLogin: fromPromise(async () => result) },
        actions: {
          storeTarget: (_, params) => void stored.push(params.target),
          clearTarget: () => void stored.pop(),
        },
      }),
      { input: { loginId: 1, target, rules } },
    ).start();
    actor.send({
      type: 'login.submitted',
      credentials: { _username: 'ana@example.com', _password: 'x' },
    });
    const snap = await waitFor(actor, (s) => s.status === 'done');
    return snap.output!;
  }

  it('an agency without company data lands on the profile with the company warning', async () => {
    const agency = pessoa({ idpessoa_tipo: 8, cpf: null });
    const out = await finish(session(agency), { kind: 'address', path: '/pt/checkout' });
    expect(planLogin(out, at('/pt/checkout'))).toEqual(
      expect.objectContaining({
        path: '/pt/perfil?aviso=login.profileWarning.company',
        continueAction: false,
      }),
    );
  });

  it('a complete person stays and continues', async () => {
    const out = await finish(session(), { kind: 'address', path: '/pt/checkout' });
    expect(planLogin(out, at('/pt/checkout'))).toEqual(
      expect.objectContaining({ kind: 'session', path: null, continueAction: true }),
    );
  });
});
