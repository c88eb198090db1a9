/**
 * The gate's staff login (POST portaria/login): the `checkinLogin` form checked on the server,
 * and failed logins throttled with a localized answer.
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '#schemas/contract.ts';
import type { CheckinLoginResult } from '#schemas/rest/checkin.ts';
import { rows } from '#server/db/sql.ts';
import type { FormErrorBody } from '#server/forms/validate.ts';
import { formText } from '#server/forms/messages.ts';
import { t } from '#server/i18n.ts';
import { solvedCaptcha } from '#server/test/captcha.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { testBrands } from '#server/test/test-brand.ts';

const PASSWORD = 'Portao@2026-test';

let s: TestServer;
beforeAll(async () => {
  const brands = testBrands();
  brands[0]!.brand.checkin = {
    staff: [
      { user: 'gate', passwordHash: await hash(PASSWORD, { algorithm: 2 }) },
      { user: 'gate2', passwordHash: await hash(PASSWORD, { algorithm: 2 }) },
    ],
  };
  s = await startTestServer({ brands });
});
afterAll(async () => {
  await s?.close();
});

async function login(
  body: unknown,
  { ip = '10.1.0.1', lang = 'en_US' }: { ip?: string; lang?: string } = {},
): Promise<Envelope<CheckinLoginResult>> {
  const res = await s.app.inject({
    method: 'POST',
    url: `/portaria/login?lang=${lang}`,
    remoteAddress: ip,
    payload: body as Record<string, unknown>,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope<CheckinLoginResult>;
}

const errorOf = (e: Envelope<CheckinLoginResult>) => {
  if (!('error' in e)) throw new Error(`expected an error, got ${JSON.stringify(e)}`);
  return e.error as FormErrorBody;
};

describe('staff login', () => {
  it('checks the checkinLogin form: every field error, localized', async () => {
    const empty = errorOf(await login({ usuario: '', senha: '' }));
    expect(empty.code).toBe(0);
    expect(empty.message).toBe(formText('en-US', 'form.error.required'));
    expect(empty.fields.map((f) => [f.field, f.id])).toEqual([
      ['.usuario', 'form.error.required'],
      ['.senha', 'form.error.required'],
    ]);
    const pt = errorOf(await login({}, { lang: 'pt_BR' }));
    expect(pt.message).toBe(formText('pt-BR', 'form.error.required'));
    expect(pt.fields.map((f) => f.field)).toEqual(['.usuario', '.senha']);
    const long = errorOf(await login({ usuario: 'x'.repeat(61), senha: 'y' }));
    expect(long.fields.map((f) => f.field)).toEqual(['.usuario']);
  });

  it('throttles failed logins per user and address, saying how many minutes to wait, then lets the owner in', async () => {
    const ip = '10.1.0.2';
    const wrong = { usuario: 'gate', senha: 'wrong-password' };
    // The first failures answer the wrong-password message.
    for (let i = 0; i < 5; i++) {
      expect(errorOf(await login(wrong, { ip })).message).toBe(t('en-US', 'error.checkinLogin'));
    }
    // Inside the delay even the right password is refused, saying how long to wait.
    const en = errorOf(await login({ usuario: 'Gate ', senha: PASSWORD }, { ip }));
    expect(en).toEqual({ code: 0, message: 'Too many attempts. Try again in 1 minute.' });
    const pt = errorOf(await login({ usuario: 'gate', senha: PASSWORD }, { ip, lang: 'pt_BR' }));
    expect(pt.message).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    const es = errorOf(await login({ usuario: 'gate', senha: PASSWORD }, { ip, lang: 'es_ES' }));
    expect(es.message).toBe('Demasiados intentos. Vuelve a intentarlo en 1 minuto.');
    // The tries inside the delay did not count as failures.
    const [pair] = await rows<{ count: number }>(
      s.db,
      sql`SELECT count FROM throttle WHERE key = ${`checkin:pair:${s.brands[0]!.id}:gate:${ip}`}`,
    );
    expect(pair!.count).toBe(5);
    // Another device (address) of the same user, and another user at this address: not held up.
    expect(
      'result' in (await login({ usuario: 'gate', senha: PASSWORD }, { ip: '10.1.0.3' })),
    ).toBe(true);
    expect('result' in (await login({ usuario: 'gate2', senha: PASSWORD }, { ip }))).toBe(true);
    // Once the delay is over the owner gets in, and the user's failures are forgotten.
    await s.db.execute(
      sql`UPDATE throttle SET last_at = now() - interval '1 hour' WHERE key LIKE 'checkin:%'`,
    );
    const ok = await login({ usuario: 'gate', senha: PASSWORD }, { ip });
    expect('result' in ok && ok.result.usuario).toBe('gate');
    const left = await rows<{ key: string }>(
      s.db,
      sql`SELECT key FROM throttle WHERE key LIKE ${`checkin:%:${s.brands[0]!.id}:gate%`}`,
    );
    expect(left).toEqual([]);
  });

  it("an address with many failures is asked for the captcha, never refused: another user's right password gets in with it", async () => {
    const ip = '10.1.0.4';
    for (let i = 0; i < 200; i++) {
      await login({ usuario: i < 170 ? 'gate' : `guess${i}`, senha: `wrong-${i}` }, { ip });
    }
    const asked = errorOf(await login({ usuario: 'gate2', senha: PASSWORD }, { ip }));
    expect(asked.message).toBe(
      'Too many attempts from this network. Confirm you are not a robot to go on.',
    );
    expect(asked.fields.map((f) => f.field)).toEqual(['._recaptcha']);
    const bad = errorOf(
      await login({ usuario: 'gate2', senha: PASSWORD, _recaptcha: 'x'.repeat(40) }, { ip }),
    );
    expect(bad.fields.map((f) => f.field)).toEqual(['._recaptcha']);
    const ok = await login(
      { usuario: 'gate2', senha: PASSWORD, _recaptcha: await solvedCaptcha(s) },
      { ip },
    );
    expect('result' in ok && ok.result.usuario).toBe('gate2');
  });
});
