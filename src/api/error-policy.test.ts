import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_CODE } from './api-error';
import {
  applyErrorPolicy,
  type ErrorEffects,
  errorRule,
  isSilentError,
  RELOAD_DELAY_MS,
  readableMessage,
} from './error-policy';

function recorder(session = false) {
  const log: string[] = [];
  const scheduled: { ms: number; fn: () => void }[] = [];
  const effects: ErrorEffects = {
    showMessage: (m) => log.push(`message:${m}`),
    showErrorSnackbar: (m) => log.push(`snackbar:${m}`),
    goHome: () => log.push('home'),
    goProfile: () => log.push('profile'),
    clearSession: () => log.push('clearSession'),
    clearCart: () => log.push('clearCart'),
    reload: () => log.push('reload'),
    openLogin: () => log.push('login'),
    hasSession: () => session,
    openTerms: (m) => log.push(`terms:${m}`),
    schedule: (fn, ms) => {
      scheduled.push({ fn, ms });
    },
  };
  return { effects, log, scheduled };
}

const run = (
  code: number,
  message = 'msg',
  display: 'toast' | 'inline' = 'toast',
  session = false,
) => {
  const r = recorder(session);
  applyErrorPolicy({ code, message }, r.effects, display);
  return r;
};

describe('error policy (spec §8)', () => {
  it('0: shows the message', () => {
    expect(run(0, 'Cupom não encontrado').log).toEqual(['message:Cupom não encontrado']);
  });

  it('1: goes home, clears session and cart, reloads after 1 s', () => {
    const r = run(1);
    expect(r.log).toEqual(['home', 'clearSession', 'clearCart']);
    expect(r.scheduled).toHaveLength(1);
    expect(r.scheduled[0]!.ms).toBe(RELOAD_DELAY_MS);
    expect(RELOAD_DELAY_MS).toBe(1000);
    r.scheduled[0]!.fn();
    expect(r.log).toContain('reload');
  });

  it('4 without a session: shows the message and opens the login', () => {
    expect(run(4, 'Aceite os novos termos').log).toEqual([
      'message:Aceite os novos termos',
      'login',
    ]);
    expect(run(4, 'Aceite os novos termos', 'inline').log).toEqual(['login']);
  });

  it('4 with a session: opens the terms modal with the message, not the login', () => {
    expect(run(4, 'Aceite os novos termos', 'toast', true).log).toEqual([
      'terms:Aceite os novos termos',
    ]);
    // Inline callers still get the modal: it is the only way to accept.
    expect(run(4, '{"message":"Novos termos"}', 'inline', true).log).toEqual([
      'terms:Novos termos',
    ]);
    expect(errorRule(4).steps).toEqual(['showTerms']);
  });

  it.each([13121, 13225, 13227, 13089])('%i: goes to the profile with the message', (code) => {
    expect(run(code, 'Complete seu cadastro').log).toEqual([
      'profile',
      'message:Complete seu cadastro',
    ]);
  });

  it('profile codes read a JSON message', () => {
    expect(run(13121, '{"message":"CPF obrigatório"}').log).toEqual([
      'profile',
      'message:CPF obrigatório',
    ]);
  });

  it('71033: message only', () => {
    expect(run(71033, 'x').log).toEqual(['message:x']);
  });

  it('13124: silent', () => {
    expect(run(13124).log).toEqual([]);
    expect(isSilentError(13124)).toBe(true);
    expect(isSilentError(0)).toBe(false);
  });

  it.each([13087, 13020, 13005])('%i: shows the message (and the call rejects)', (code) => {
    expect(run(code, 'não').log).toEqual(['message:não']);
  });

  it('any other code: snackbar "Erro: …"', () => {
    expect(run(999, 'boom').log).toEqual(['snackbar:boom']);
    expect(errorRule(424242).steps).toEqual(['showErrorSnackbar']);
  });

  it('network failures stay quiet (the maintenance modal speaks)', () => {
    expect(run(NETWORK_ERROR_CODE, '').log).toEqual([]);
  });

  it('inline display keeps the side effects but not the message', () => {
    expect(run(0, 'x', 'inline').log).toEqual([]);
    expect(run(13121, 'x', 'inline').log).toEqual(['profile']);
    expect(run(1, 'x', 'inline').log).toEqual(['home', 'clearSession', 'clearCart']);
    expect(run(999, 'x', 'inline').log).toEqual([]);
  });
});

describe('readableMessage', () => {
  it('reads text, objects and JSON text', () => {
    expect(readableMessage('plain')).toBe('plain');
    expect(readableMessage({ message: 'obj' })).toBe('obj');
    expect(readableMessage('{"message":"json"}')).toBe('json');
    expect(readableMessage('{not json')).toBe('{not json');
  });
});
