/**
 * The account lifecycle (spec §2–§8): sign-up, login with terms, profile, passwords, e-mail
 * confirmation. Routes (REST and RPC) are thin: they hand the request's context and body here.
 * Every multi-step write is one transaction, and the mail it causes is written to the outbox in
 * that same transaction. Each call answers its result; a refusal is thrown (AppError, or
 * OutcomeError with a form's field errors) and the envelope answers it, as everywhere on the
 * server. A refusal that records something first (a failed login) does so outside any
 * transaction, so the record stays.
 */
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { campaignRunning } from '#schemas/card-campaign.ts';
import {
  type CadastroCriadoResult,
  ErrorCode,
  type Locale,
  type LoginBody,
  type LoginResult,
  type RecuperarSenhaResult,
  type SessaoPessoa,
  type Termo,
  type TermoPendente,
} from '#schemas/contract.ts';
import { type FormId, isFormId } from '#schemas/forms/index.ts';
import { fromCadastroBody, fromEdge } from '#schemas/rest/accounts.ts';
import { captchaRequired, verifyCaptcha } from '#server/captcha/verify.ts';
import {
  currentVersion,
  currentVersions,
  TERMO_USO,
  type TermVersion,
  termoOf,
  versionById,
} from '#server/content/terms.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { termoAceite } from '#server/db/schema.ts';
import { rows } from '#server/db/sql.ts';
import { AppError, fieldError, generic, OutcomeError } from '#server/errors.ts';
import { validateForm } from '#server/forms/validate.ts';
import { t } from '#server/i18n.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './password';
import {
  cadastroOf,
  columnsOf,
  findPessoaByEmail,
  findPessoaById,
  insertPessoa,
  normalizeEmail,
  type Pessoa,
  sessaoPessoa,
  updatePessoa,
} from './repository';
import { agenciesOpen, pendingTerm } from './rules';
import { createSession, revokeAllSessions } from './sessions';
import {
  addressKey,
  addressNeedsCaptcha,
  allowRequest,
  clearFailures,
  guessKeys,
  isKnownAddress,
  loginKeys,
  RATE_LIMITS,
  recordAddressFailure,
  recordFailure,
  rememberAddress,
  waitMinutes,
  waitSeconds,
} from './throttle';
import { issueToken, spendAllTokens, spendToken, spentTokenOwner } from './tokens';

/** What every account call knows about its request. */
export interface AccountScope {
  db: Db;
  brand: LoadedBrand;
  locale: Locale;
  /** The caller's address (rate limits, throttling, evidence of term acceptance). */
  ip: string;
  /** The site's origin, for links in mails (`https://shop.example`). */
  origin: string;
  /** The call's signed-in person, if any: mailed tokens tried are throttled per person too. */
  idpessoa?: number | null;
}

/** The refusal of a throttled try: how many minutes to wait. */
const throttled = (seconds: number) =>
  generic('error.throttled', { minutes: waitMinutes(seconds) });

/** Throws the rate-limit error when `key` is over `rule`. */
async function limit(
  scope: AccountScope,
  what: keyof typeof RATE_LIMITS,
  key = scope.ip,
): Promise<void> {
  const ok = await allowRequest(scope.db, `${what}:${scope.brand.id}:${key}`, RATE_LIMITS[what]);
  if (!ok) throw generic('error.tooManyRequests');
}

async function checkCaptcha(
  scope: AccountScope,
  action: 'login' | 'register' | 'forgot',
  token: unknown,
): Promise<boolean> {
  if (!captchaRequired(scope.brand, action)) return true;
  return verifyCaptcha(scope.db, scope.brand, token, scope.ip);
}

const link = (scope: AccountScope, pathAndQuery: string) =>
  `${scope.origin.replace(/\/+$/, '')}${pathAndQuery}`;

/** Records that a person accepted a version (idempotent). */
export async function recordAcceptance(db: Db, idpessoa: number, v: TermVersion, ip: string) {
  await db
    .insert(termoAceite)
    .values({ idpessoa, tipo: v.tipo, versao: v.versao, idtermo: v.idtermo, ip })
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Login

/**
 * Whether the person of `email` accepted a term from this address in the last two minutes: the
 * login that follows (spec §8 code 21001: accept, then log in again) needs no second captcha,
 * since the acceptance ticket was only handed out after a solved captcha and a right password.
 */
async function justAcceptedTerm(scope: AccountScope, email: string): Promise<boolean> {
  const found = await rows<{ n: number }>(
    scope.db,
    sql`SELECT count(*)::int AS n FROM termo_aceite a JOIN pessoa p ON p.id = a.idpessoa
        WHERE p.brand = ${scope.brand.id} AND p.email = ${email} AND a.ip = ${scope.ip}
          AND a.aceito_em > now() - interval '2 minutes'`,
  );
  return (found[0]?.n ?? 0) > 0;
}

/**
 * The login and registration forms ask for the card's first six digits (`field`) when a
 * card-brand campaign runs and the person is buying its product: the storefront then sends the
 * field, and the form is validated with it (required, six digits); without it, as usual.
 */
function campaignForm(
  scope: AccountScope,
  body: unknown,
  field: '_bin' | 'bin',
): { cardCampaign?: true } {
  const given = typeof body === 'object' && body !== null && field in body;
  return given && campaignRunning(scope.brand.brand.payments.cardCampaign, Date.now())
    ? { cardCampaign: true }
    : {};
}

/**
 * POST login/{id}. The same answer, with the same work (one argon2 verification), for an unknown
 * e-mail and a wrong password. Failed logins are throttled (./throttle.ts): a try inside the
 * account's delay is refused with how long to wait; an address with many failures must solve the
 * captcha (`error.captchaNeeded` at `._recaptcha`; not for an account that logged in from it
 * before), and with it the right password gets in. A
 * good login with a pending term answers 21001 with the term and a single-use acceptance ticket
 * instead of a session.
 */
export async function login(scope: AccountScope, body: unknown): Promise<LoginResult> {
  const campaign = campaignForm(scope, body, '_bin');
  const form = validateForm<LoginBody>(scope.brand, 'login', body, scope.locale, campaign);
  if (!form.ok) throw new OutcomeError(form.error);
  const data = form.data;
  const email = normalizeEmail(data._username);
  const known = await isKnownAddress(scope.db, scope.brand.id, email, scope.ip);
  const keys = loginKeys(scope.brand.id, email, scope.ip, known);
  const wait = await waitSeconds(scope.db, keys);
  if (wait > 0) throw throttled(wait);
  const address = addressKey(scope.ip);
  const captcha = captchaRequired(scope.brand, 'login')
    ? 'brand'
    : !known && (await addressNeedsCaptcha(scope.db, address)) && 'address';
  if (captcha && !(await justAcceptedTerm(scope, email))) {
    if (captcha === 'address' && !data._recaptcha) {
      throw fieldError('error.captchaNeeded', '._recaptcha');
    }
    if (!(await verifyCaptcha(scope.db, scope.brand, data._recaptcha, scope.ip))) {
      throw fieldError('error.captcha', '._recaptcha');
    }
  }
  const found = await findPessoaByEmail(scope.db, scope.brand.id, email);
  const hash = found?.temSenha ? found.senhaHash : DUMMY_HASH;
  const ok = (await verifyPassword(data._password, hash)) && found !== undefined;
  if (!ok || !found) {
    await recordFailure(scope.db, keys);
    await recordAddressFailure(scope.db, address);
    throw generic('error.wrongCredentials');
  }
  await clearFailures(scope.db, loginKeys(scope.brand.id, email, scope.ip));
  await rememberAddress(scope.db, scope.brand.id, email, scope.ip);
  // The card given for the card-brand campaign replaces the one given before.
  if (campaign.cardCampaign && data._bin) {
    await updatePessoa(scope.db, found.id, { bin: data._bin });
    found.bin = data._bin;
  }
  if (needsRehash(found.senhaHash)) {
    await updatePessoa(scope.db, found.id, { senhaHash: await hashPassword(data._password) });
  }
  const pending = await pendingTerm(scope.db, scope.brand, found.id);
  if (pending) {
    const detail: TermoPendente = {
      message: t(scope.locale, 'error.termsRequired'),
      termo: termoOf(pending, scope.locale),
      aceite: await issueToken(scope.db, found.id, 'accept_term'),
    };
    throw new OutcomeError({ code: ErrorCode.TermsDetailed, message: JSON.stringify(detail) });
  }
  const token = await createSession(scope.db, found.id);
  return { access_token: token, pessoa: sessaoPessoa(found) };
}

// ---------------------------------------------------------------------------------------------
// Sign-up

/**
 * POST cadastro/{loginId}: a person (registration form) or an agency (agency form, when
 * `_idpessoa_tipo` is the brand's awaiting-approval type). Stores every field, the acceptance of
 * the current terms of use, a confirmation token and its mail in one transaction, then logs in.
 */
export async function signUp(scope: AccountScope, body: unknown): Promise<CadastroCriadoResult> {
  await limit(scope, 'signup');
  const data = fromCadastroBody(body);
  const rules = scope.brand.brand.regrasDoNegocio;
  const agency =
    data.idpessoa_tipo !== undefined && Number(data.idpessoa_tipo) === rules.idagenciaaguardando;
  if (data.idpessoa_tipo !== undefined && !agency) throw generic('error.badParams');
  // A brand that takes no agencies (regrasDoNegocio.agencias false) refuses their sign-up.
  if (agency && !agenciesOpen(scope.brand)) throw generic('error.agenciesClosed');
  delete data.idpessoa_tipo;
  const campaign = agency ? {} : campaignForm(scope, data, 'bin');
  // Card digits are kept only when the campaign asked for them (and the form checked them).
  if (!campaign.cardCampaign) delete data.bin;
  const form = validateForm<Record<string, unknown>>(
    scope.brand,
    agency ? 'agency' : 'registration',
    data,
    scope.locale,
    campaign,
  );
  if (!form.ok) throw new OutcomeError(form.error);
  const valid = form.data;
  if (!(await checkCaptcha(scope, 'register', valid._recaptcha)))
    throw fieldError('error.captcha', '._recaptcha');

  const terms = await currentVersion(scope.brand, TERMO_USO);
  const senhaHash = await hashPassword(String(valid.senha));
  const created = await scope.db.transaction(async (tx) => {
    const p = await insertPessoa(tx, {
      brand: scope.brand.id,
      email: String(valid.email),
      senhaHash,
      idpessoaTipo: agency ? rules.idagenciaaguardando : 1,
      idioma: scope.locale,
      fields: columnsOf(valid),
    });
    if (!p) return null;
    if (terms) {
      await tx.insert(termoAceite).values({
        idpessoa: p.id,
        tipo: terms.tipo,
        versao: terms.versao,
        idtermo: terms.idtermo,
        ip: scope.ip,
      });
    }
    const token = await issueToken(tx, p.id, 'confirm_email');
    await enqueueMail(tx, {
      brand: scope.brand,
      locale: scope.locale,
      to: p.email,
      kind: 'confirm_email',
      vars: {
        nome: p.nome,
        link: link(scope, `/validatemail?token=${token}`),
        origin: scope.origin,
      },
    });
    if (agency) {
      await enqueueMail(tx, {
        brand: scope.brand,
        locale: scope.locale,
        to: p.email,
        kind: 'agency_awaiting',
        vars: { nome: p.nome, origin: scope.origin },
      });
    }
    return p;
  });
  if (!created) throw fieldError('error.emailTaken', '.email');
  const token = await createSession(scope.db, created.id);
  return {
    access_token: token,
    pessoa: sessaoPessoa(created),
    mensagem: t(scope.locale, agency ? 'account.agencyCreated' : 'account.created'),
    aguardando_aprovacao: agency,
  };
}

/** CustomUserApps/ValidaEmail and SuperIngressoWeb.validaemail: whether an e-mail is free. */
export async function emailAvailable(
  scope: AccountScope,
  email: unknown,
): Promise<{ disponivel: boolean; mensagem: string }> {
  if (typeof email !== 'string' || email.length > 320) throw generic('error.badParams');
  await limit(scope, 'emailCheck');
  const form = validateForm(scope.brand, 'forgotPassword', { email }, scope.locale);
  if (!form.ok) throw new OutcomeError(form.error);
  const taken = await findPessoaByEmail(scope.db, scope.brand.id, email);
  return {
    disponivel: !taken,
    mensagem: t(scope.locale, taken ? 'error.emailTaken' : 'account.emailAvailable'),
  };
}

// ---------------------------------------------------------------------------------------------
// Profile

/** The form a person's profile is edited with. */
const profileForm = (scope: AccountScope, p: Pessoa) => {
  const rules = scope.brand.brand.regrasDoNegocio;
  const agency = p.idpessoaTipo === rules.idagencia || p.idpessoaTipo === rules.idagenciaaguardando;
  return agency && isFormId('agencyProfile') ? 'agencyProfile' : 'profile';
};

/** POST pessoa/cadastro/dados and BasePessoaClass.setPessoa: writes the registration fields. */
export async function saveProfile(
  scope: AccountScope,
  p: Pessoa,
  body: unknown,
): Promise<{ mensagem: string; pessoa: SessaoPessoa }> {
  const input =
    body && typeof body === 'object' && !Array.isArray(body)
      ? { ...(body as Record<string, unknown>) }
      : {};
  // Not editable here: the login e-mail and the person's type (an operator's decision).
  input.email = p.email;
  delete input.idpessoa_tipo;
  delete input.email_confirmado;
  delete input.tem_senha;
  delete input.termos;
  for (const [k, v] of Object.entries(input)) if (v === null || v === '') delete input[k];
  const form = validateForm<Record<string, unknown>>(
    scope.brand,
    profileForm(scope, p) as FormId,
    input,
    scope.locale,
  );
  if (!form.ok) throw new OutcomeError(form.error);
  const cols = columnsOf(form.data);
  // Fields the person emptied are cleared (the form omits empty optional fields).
  for (const [field, column] of Object.entries(CLEARABLE)) {
    if (!Object.hasOwn(form.data, field)) (cols as Record<string, unknown>)[column] = null;
  }
  const updated = await updatePessoa(scope.db, p.id, cols);
  return { mensagem: t(scope.locale, 'account.updated'), pessoa: sessaoPessoa(updated) };
}

/** Optional fields that an empty input clears. */
const CLEARABLE = {
  celular: 'celular',
  telefone: 'telefone',
  telefoneComCodigoPais: 'telefoneComCodigoPais',
  passaporte: 'passaporte',
  empresa_obs: 'empresaObs',
  end_complemento: 'endComplemento',
} as const;

/** GET pessoa/cadastro/dados, with whether the terms of use in force are accepted. */
export async function profileOf(scope: AccountScope, p: Pessoa) {
  const termos = !(await pendingTerm(scope.db, scope.brand, p.id));
  return { cadastro: cadastroOf(p, termos), pessoa: sessaoPessoa(p) };
}

// ---------------------------------------------------------------------------------------------
// Passwords and e-mail

/** Sets a new password hash, ends every session of the person and mails them about it. */
async function setPassword(tx: Tx, scope: AccountScope, p: Pessoa, senhaHash: string) {
  await updatePessoa(tx, p.id, { senhaHash, temSenha: true });
  await revokeAllSessions(tx, p.id);
  await enqueueMail(tx, {
    brand: scope.brand,
    locale: (p.idioma as Locale | null) ?? scope.locale,
    to: p.email,
    kind: 'password_changed',
    vars: { nome: p.nome, origin: scope.origin },
  });
}

/**
 * POST pessoa/cadastro/trocar/senha: needs the current password (accounts made through an
 * identity provider set their first one without it). Every session of the person ends; the
 * caller gets a new one.
 */
export async function changePassword(
  scope: AccountScope,
  p: Pessoa,
  body: unknown,
): Promise<{ mensagem: string; token: string }> {
  const data = fromEdge('trocarSenha', body);
  if (!p.temSenha && data.old_password === undefined) data.old_password = '-';
  const form = validateForm<{ old_password: string; senha: string }>(
    scope.brand,
    'changePassword',
    data,
    scope.locale,
  );
  if (!form.ok) throw new OutcomeError(form.error);
  if (p.temSenha) {
    const keys = loginKeys(scope.brand.id, p.email, scope.ip);
    const wait = await waitSeconds(scope.db, keys);
    const ok = (await verifyPassword(form.data.old_password, p.senhaHash)) && wait === 0;
    if (!ok) {
      await recordFailure(scope.db, keys);
      throw fieldError('error.currentPassword', '.old_password');
    }
  }
  const senhaHash = await hashPassword(form.data.senha);
  const token = await scope.db.transaction(async (tx) => {
    await setPassword(tx, scope, p, senhaHash);
    return createSession(tx, p.id);
  });
  return { mensagem: t(scope.locale, 'account.passwordChanged'), token };
}

/**
 * POST pessoa/cadastro/recuperar/senha: mails a reset link when the e-mail has an account. The
 * answer is the same either way (and so is the work: a token is made and hashed regardless).
 */
export async function forgotPassword(
  scope: AccountScope,
  body: unknown,
): Promise<RecuperarSenhaResult> {
  const data = fromEdge('recuperarSenha', body);
  const form = validateForm<{ email: string; _recaptcha?: string }>(
    scope.brand,
    'forgotPassword',
    data,
    scope.locale,
  );
  if (!form.ok) throw new OutcomeError(form.error);
  if (!(await checkCaptcha(scope, 'forgot', form.data._recaptcha)))
    throw fieldError('error.captcha', '._recaptcha');
  await limit(scope, 'forgot');
  const email = normalizeEmail(form.data.email);
  const answer = { sucesso: true, msg_sucesso: t(scope.locale, 'account.forgotSent') };
  const perEmail = await allowRequest(
    scope.db,
    `forgotEmail:${scope.brand.id}:${email}`,
    RATE_LIMITS.forgotEmail,
  );
  const p = await findPessoaByEmail(scope.db, scope.brand.id, email);
  if (!p || !perEmail) return answer;
  await scope.db.transaction(async (tx) => {
    const token = await issueToken(tx, p.id, 'reset_password');
    await enqueueMail(tx, {
      brand: scope.brand,
      locale: (p.idioma as Locale | null) ?? scope.locale,
      to: p.email,
      kind: 'reset_password',
      vars: {
        nome: p.nome,
        link: link(scope, `/redefinirsenha?token=${token}`),
        minutes: '30',
        origin: scope.origin,
      },
    });
  });
  return answer;
}

/**
 * POST pessoa/cadastro/recuperar/nova: a single-use, expiring token sets a new password. Wrong
 * tokens are throttled per person and address (./throttle.ts guessKeys).
 */
export async function resetPassword(
  scope: AccountScope,
  body: unknown,
): Promise<RecuperarSenhaResult> {
  const form = validateForm<{ token: string; senha: string }>(
    scope.brand,
    'resetPassword',
    fromEdge('novaSenha', body),
    scope.locale,
  );
  if (!form.ok) throw new OutcomeError(form.error);
  const guesses = guessKeys('token', scope.brand.id, scope.ip, scope.idpessoa);
  const wait = await waitSeconds(scope.db, guesses);
  if (wait > 0) throw throttled(wait);
  const senhaHash = await hashPassword(form.data.senha);
  const done = await scope.db.transaction(async (tx) => {
    const idpessoa = await spendToken(tx, form.data.token, 'reset_password');
    if (idpessoa === null) return false;
    const p = await findPessoaById(tx, scope.brand.id, idpessoa);
    if (!p) return false;
    await spendAllTokens(tx, p.id, 'reset_password');
    await setPassword(tx, scope, p, senhaHash);
    return true;
  });
  if (!done) {
    await recordFailure(scope.db, guesses);
    throw generic('error.resetToken');
  }
  return { sucesso: true, msg_sucesso: t(scope.locale, 'account.passwordReset') };
}

/** Whether `token` is a spent confirmation link of a person of the brand whose e-mail is confirmed. */
async function alreadyConfirmed(scope: AccountScope, token: unknown): Promise<boolean> {
  const idpessoa = await spentTokenOwner(scope.db, token, 'confirm_email');
  if (idpessoa === null) return false;
  const p = await findPessoaById(scope.db, scope.brand.id, idpessoa);
  return p?.emailConfirmadoEm != null;
}

/**
 * POST pessoa/cadastro/confirmar/email: the mailed token proves the address. A link opened again
 * says so as a notice; wrong tokens are throttled per person and address (./throttle.ts guessKeys).
 */
export async function confirmEmail(
  scope: AccountScope,
  body: unknown,
): Promise<{ mensagem: string }> {
  await limit(scope, 'confirm');
  const guesses = guessKeys('token', scope.brand.id, scope.ip, scope.idpessoa);
  const wait = await waitSeconds(scope.db, guesses);
  if (wait > 0) throw throttled(wait);
  const token =
    body && typeof body === 'object' ? (body as Record<string, unknown>).token : undefined;
  const confirmed = await scope.db.transaction(async (tx) => {
    const idpessoa = await spendToken(tx, token, 'confirm_email');
    if (idpessoa === null) return null;
    const p = await findPessoaById(tx, scope.brand.id, idpessoa);
    if (!p) return null;
    await updatePessoa(tx, p.id, { emailConfirmadoEm: new Date() });
    return p.id;
  });
  if (confirmed === null) {
    // The link opened again (a second click, a mail preview): said as the notice it is.
    if (await alreadyConfirmed(scope, token)) {
      return { mensagem: t(scope.locale, 'account.emailAlreadyConfirmed') };
    }
    await recordFailure(scope.db, guesses);
    throw generic('error.confirmToken');
  }
  return { mensagem: t(scope.locale, 'account.emailConfirmed') };
}

// ---------------------------------------------------------------------------------------------
// Terms

/** The current version of a type, in the request's language. */
export async function currentTerm(scope: AccountScope, tipo: unknown): Promise<Termo> {
  const n = typeof tipo === 'string' ? Number(tipo) : tipo;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 20) {
    throw generic('error.badParams');
  }
  const v = await currentVersion(scope.brand, n);
  if (!v) throw generic('error.termNotFound');
  return termoOf(v, scope.locale);
}

/** BaseTermoClass.getTermoCorrente: that version when `idtermo` names one of the type, else the current. */
export async function termById(
  scope: AccountScope,
  tipo: number,
  idtermo: number | null,
): Promise<Termo> {
  const v =
    (idtermo !== null ? await versionById(scope.brand, idtermo) : undefined) ??
    (await currentVersion(scope.brand, tipo));
  if (!v || v.tipo !== tipo) throw generic('error.termNotFound');
  return termoOf(v, scope.locale);
}

/** BaseTermoClass.get: the current version of every type (or of one). */
export async function currentTerms(scope: AccountScope, tipo?: number): Promise<Termo[]> {
  const all = await currentVersions(scope.brand);
  return all
    .filter((v) => tipo === undefined || v.tipo === tipo)
    .map((v) => termoOf(v, scope.locale));
}

/**
 * BasePessoaClass.aceiteTermo: records the acceptance of the current version `idtermo` by the
 * session's person, or, before a session exists, by the person of the login's ticket.
 */
export async function acceptTerm(
  scope: AccountScope,
  session: Pessoa | null,
  idtermo: number,
  aceite: string | undefined,
): Promise<{ aceito: true }> {
  const v = await versionById(scope.brand, idtermo);
  const current = v ? await currentVersion(scope.brand, v.tipo) : undefined;
  if (!v || !current || current.idtermo !== v.idtermo) throw generic('error.termNotFound');
  let idpessoa = session?.id ?? null;
  if (idpessoa === null) {
    idpessoa = await spendToken(scope.db, aceite, 'accept_term');
    if (idpessoa === null) throw new AppError(ErrorCode.SessionInvalid, 'error.sessionInvalid');
    const p = await findPessoaById(scope.db, scope.brand.id, idpessoa);
    if (!p) throw new AppError(ErrorCode.SessionInvalid, 'error.sessionInvalid');
  }
  await recordAcceptance(scope.db, idpessoa, v, scope.ip);
  return { aceito: true };
}
