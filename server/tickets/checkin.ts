/**
 * The gate (check-in): staff of the brand (brand.json `checkin.staff`) log in to a staff
 * session and check codes. A ticket is marked used exactly once, however many gates scan it at
 * the same moment and however many servers answer them: the mark is one conditional
 * `UPDATE … WHERE usado_em IS NULL RETURNING`, and only the statement that returns the row
 * answers `valido`. Offline scans synced later go through the same statement, with their own
 * time and gate: the first scan of a ticket to reach the server wins.
 */
import { createHash, randomBytes } from 'node:crypto';
import { verify as argonVerify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Locale } from '#schemas/contract.ts';
import type {
  CheckinAnswer,
  CheckinLoginResult,
  CheckinOfflineResult,
  CheckinResultado,
  CheckinSessao,
} from '#schemas/rest/checkin.ts';
import {
  addressKey,
  addressNeedsCaptcha,
  clearFailures,
  loginKeys,
  recordAddressFailure,
  recordFailure,
  waitMinutes,
  waitSeconds,
} from '#server/accounts/throttle.ts';
import { captchaProvider } from '#server/captcha/provider.ts';
import { verifyCaptcha } from '#server/captcha/verify.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows, toDate, toDateOrNull } from '#server/db/sql.ts';
import { fieldError, generic } from '#server/errors.ts';
import { type MessageId, t } from '#server/i18n.ts';
import { spDateTime, spDateTimeMinutes } from '#server/time.ts';
import { looksSigned, verifyTicketCode } from './codes';
import { brandKeys } from './keys';

/** A check-in staff session. */
export interface StaffSession {
  brand: string;
  usuario: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Verified against when the user is unknown, so an unknown user costs the same time. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$80BLUC+CI8xcTPsulgg7PA$1CMcd7+BgPqgHYTY0UKIeBnnl5PVE8Toc/woeq58TuQ';

/**
 * Logs a staff user in from address `ip`: a new session token. Failed logins are throttled like
 * the shoppers' (../accounts/throttle.ts, under keys of their own): inside the user's delay no
 * password is checked and the answer says how many minutes to wait; an address with many
 * failures must solve the brand's captcha (`captcha`, the form's `_recaptcha`), never is it
 * refused, so another user at that address gets in with the right password. A good login
 * forgets the user's failures (not the address's).
 * @throws AppError error.checkinLogin (wrong user or password), error.throttled `{minutes}`
 *   (wait first), error.captchaNeeded / error.captcha at `._recaptcha` (fieldError).
 */
export async function staffLogin(
  db: Db,
  brand: LoadedBrand,
  login: { usuario: string; senha: string; _recaptcha?: unknown },
  ip: string,
): Promise<CheckinLoginResult> {
  const user = login.usuario.trim().toLowerCase();
  const keys = loginKeys(brand.id, user, ip, false, 'checkin');
  const wait = await waitSeconds(db, keys);
  if (wait > 0) throw generic('error.throttled', { minutes: waitMinutes(wait) });
  const address = addressKey(ip, 'checkin');
  if (await addressNeedsCaptcha(db, address)) {
    if (!login._recaptcha) throw fieldError('error.captchaNeeded', '._recaptcha');
    // The gate's page solves ALTCHA only (it works offline of any third party).
    const ok =
      captchaProvider(brand) === 'altcha' && (await verifyCaptcha(db, brand, login._recaptcha, ip));
    if (!ok) throw fieldError('error.captcha', '._recaptcha');
  }
  const staff = brand.brand.checkin?.staff.find((s) => s.user === user);
  let ok = false;
  try {
    ok = await argonVerify(staff?.passwordHash ?? DUMMY_HASH, login.senha);
  } catch {
    ok = false;
  }
  if (!staff || !ok) {
    await recordFailure(db, keys);
    await recordAddressFailure(db, address);
    throw generic('error.checkinLogin');
  }
  await clearFailures(db, keys);
  const token = randomBytes(32).toString('base64url');
  const hours = brand.brand.checkin?.sessionHours ?? 12;
  const expires = new Date(Date.now() + hours * 3_600_000);
  await db.execute(
    sql`INSERT INTO checkin_sessao (token_hash, brand, usuario, expires_at)
        VALUES (${sha256(token)}, ${brand.id}, ${staff.user}, ${expires})`,
  );
  // Expired sessions of any brand are swept here: logins are rare, the table stays small.
  await db.execute(sql`DELETE FROM checkin_sessao WHERE expires_at < now() - interval '1 day'`);
  return { token, usuario: staff.user, expira_em: spDateTime(expires) };
}

/** The staff session of a token, or null (unknown, expired, of another brand, user removed). */
export async function staffSession(
  db: Db,
  brand: LoadedBrand,
  token: string | undefined,
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const row = await firstRow<{ usuario: string }>(
    db,
    sql`SELECT usuario FROM checkin_sessao
        WHERE token_hash = ${sha256(token)} AND brand = ${brand.id} AND expires_at > now()`,
  );
  if (!row || !brand.brand.checkin?.staff.some((s) => s.user === row.usuario)) return null;
  return { brand: brand.id, usuario: row.usuario };
}

/** Ends a staff session. */
export async function staffLogout(db: Db, token: string): Promise<void> {
  await db.execute(sql`DELETE FROM checkin_sessao WHERE token_hash = ${sha256(token)}`);
}

/** The brand's sessions from a day ago to a week ahead, for the gate's session filter. */
export async function checkinSessoes(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
): Promise<CheckinSessao[]> {
  const found = await rows<{
    id: number;
    idevento: number;
    dthr: unknown;
    dscapre: Record<Locale, string> | null;
  }>(
    db,
    sql`SELECT id, idevento, dthr, dscapre FROM apresentacao
        WHERE brand = ${brand.id} AND dthr > now() - interval '1 day'
          AND dthr < now() + interval '7 days'
        ORDER BY dthr, id LIMIT 500`,
  );
  const cat = catalogOf(brand);
  return found.map((r) => {
    const event = cat.event(r.idevento);
    return {
      idapresentacao: r.id,
      evento: event?.nome[locale] ?? '',
      dscapre: (r.dscapre ?? event?.dscapre)?.[locale] ?? '',
      dthr: spDateTimeMinutes(toDate(r.dthr)),
    };
  });
}

interface TicketState {
  id: number;
  iditem: number;
  versao: number;
  revogado_em: unknown;
  usado_em: unknown;
  usado_portao: string | null;
  item_status: string;
  mov_status: string;
  idapresentacao: number;
  idevento: number;
  idproduto: number;
  dthr: unknown;
  portador: string | null;
}

const STATE_SQL = sql`SELECT g.id, g.iditem, g.versao, g.revogado_em, g.usado_em, g.usado_portao,
    i.status AS item_status, m.status AS mov_status, e.idapresentacao, a.idevento, e.idproduto,
    a.dthr, NULLIF(trim(p.nome || ' ' || p.sobrenome), '') AS portador
  FROM ingresso g
  JOIN movimentacao_item i ON i.id = g.iditem
  JOIN movimentacao m ON m.id = i.idmovimentacao
  JOIN estoque e ON e.id = i.idestoque
  JOIN apresentacao a ON a.id = e.idapresentacao
  LEFT JOIN portador p ON p.iditem = i.id`;

/** One code to check: where, when (an offline scan's own time) and by whom. */
export interface CheckRequest {
  codigo: string;
  idapresentacao?: number | undefined;
  portao?: string | undefined;
  /** The scan's time; absent: now. */
  lidoEm?: Date | undefined;
  /** An offline scan: the same scan sent again answers `valido`, not `ja_usado`. */
  offline?: boolean;
}

/**
 * Checks a code at the gate and, when it is good, marks the ticket used (exactly once).
 * Never throws for a bad code: every outcome is an answer.
 */
export async function checkTicket(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  staff: StaffSession,
  req: CheckRequest,
): Promise<CheckinAnswer> {
  const answer = (
    resultado: CheckinResultado,
    id: MessageId,
    state?: TicketState,
    values?: Record<string, string>,
  ): CheckinAnswer => {
    const out: CheckinAnswer = { resultado, mensagem: t(locale, id, values) };
    if (state) {
      const cat = catalogOf(brand);
      const entry = cat.product(state.idevento, state.idproduto);
      out.ingresso = {
        idingresso: state.id,
        iditem: state.iditem,
        idapresentacao: state.idapresentacao,
        versao: state.versao,
        evento: (entry?.event ?? cat.event(state.idevento))?.nome[locale] ?? '',
        sessao: spDateTimeMinutes(toDate(state.dthr)),
        produto: entry?.product.nome[locale] ?? '',
        portador: state.portador,
      };
      const used = toDateOrNull(state.usado_em);
      if (used) {
        out.usado_em = spDateTime(used);
        out.usado_portao = state.usado_portao;
      }
    }
    return out;
  };
  const code = req.codigo.trim();
  let state: TicketState | undefined;
  let versao: number | null = null;
  if (looksSigned(code)) {
    const keys = await brandKeys(db, brand.id);
    const claims = verifyTicketCode(keys.publicKey, code);
    if (!claims) return answer('invalido', 'checkin.result.invalid');
    state = await firstRow<TicketState>(
      db,
      sql`${STATE_SQL} WHERE g.id = ${claims.idingresso} AND g.iditem = ${claims.iditem}
            AND m.brand = ${brand.id}`,
    );
    if (!state || state.idapresentacao !== claims.idapresentacao) {
      return answer('invalido', 'checkin.result.invalid');
    }
    versao = claims.versao;
  } else {
    const short = code.toUpperCase().replace(/[\s-]/g, '');
    if (!/^[A-Z2-7]{12}$/.test(short)) return answer('invalido', 'checkin.result.invalid');
    state = await firstRow<TicketState>(
      db,
      sql`${STATE_SQL} WHERE g.codigo = ${short} AND m.brand = ${brand.id}`,
    );
    if (!state) return answer('invalido', 'checkin.result.invalid');
    versao = state.versao;
  }
  if (state.item_status === 'CA' || state.mov_status !== 'PA' || state.revogado_em !== null) {
    return answer('cancelado', 'checkin.result.cancelled', state);
  }
  if (versao !== state.versao) return answer('revogado', 'checkin.result.revoked', state);
  if (req.idapresentacao !== undefined && req.idapresentacao !== state.idapresentacao) {
    return answer('outra_sessao', 'checkin.result.otherSession', state, {
      sessao: spDateTimeMinutes(toDate(state.dthr)),
    });
  }
  const portao = (req.portao ?? '').trim().slice(0, 60) || null;
  const when = req.lidoEm && req.lidoEm.getTime() < Date.now() ? req.lidoEm : new Date();
  const marked = await firstRow<{ id: number }>(
    db,
    sql`UPDATE ingresso SET usado_em = ${when}, usado_portao = ${portao},
          usado_por = ${staff.usuario}
        WHERE id = ${state.id} AND versao = ${versao} AND usado_em IS NULL
          AND revogado_em IS NULL
        RETURNING id`,
  );
  const now = await firstRow<TicketState>(db, sql`${STATE_SQL} WHERE g.id = ${state.id}`);
  if (!now) return answer('invalido', 'checkin.result.invalid');
  if (marked) return answer('valido', 'checkin.result.valid', now);
  const usedAt = toDateOrNull(now.usado_em);
  if (!usedAt) {
    // Re-issued or revoked between the read and the mark.
    return now.revogado_em !== null
      ? answer('cancelado', 'checkin.result.cancelled', now)
      : answer('revogado', 'checkin.result.revoked', now);
  }
  if (req.offline && usedAt.getTime() === when.getTime() && now.usado_portao === portao) {
    // The same offline scan sent again: already applied, by itself.
    return answer('valido', 'checkin.result.valid', now);
  }
  return answer('ja_usado', 'checkin.result.used', now, {
    quando: spDateTimeMinutes(usedAt),
    portao: now.usado_portao ?? '—',
  });
}

/** The brand's public key and a session's tickets, for a device that checks offline. */
export async function offlineList(
  db: Db,
  brand: LoadedBrand,
  idapresentacao: number,
): Promise<CheckinOfflineResult> {
  const keys = await brandKeys(db, brand.id);
  const gerado = new Date();
  const found = await rows<{
    id: number;
    versao: number;
    status: 'valido' | 'usado' | 'cancelado';
  }>(
    db,
    sql`SELECT g.id, g.versao,
          CASE WHEN i.status = 'CA' OR m.status <> 'PA' OR g.revogado_em IS NOT NULL
                 THEN 'cancelado'
               WHEN g.usado_em IS NOT NULL THEN 'usado' ELSE 'valido' END AS status
        FROM ingresso g
        JOIN movimentacao_item i ON i.id = g.iditem
        JOIN movimentacao m ON m.id = i.idmovimentacao
        JOIN estoque e ON e.id = i.idestoque
        WHERE e.idapresentacao = ${idapresentacao} AND m.brand = ${brand.id}
        ORDER BY g.id`,
  );
  return {
    algoritmo: 'Ed25519',
    chave_publica: keys.publicKeySpki,
    chave_publica_pem: keys.publicKeyPem,
    idapresentacao,
    gerado_em: gerado.toISOString(),
    ingressos: found.map((r) => ({ idingresso: r.id, versao: r.versao, status: r.status })),
  };
}
