/**
 * What the gate device keeps (localStorage, key `si.checkin`) and the flow's actors that use
 * it: the staff token, the chosen session and gate, each session's ticket list and public key
 * (GET portaria/offline), the tickets this device saw used, and the scans made offline that
 * wait for POST portaria/sincronizar.
 */
import type { CheckinOutcome, CheckinSyncSummary } from '#machines/checkin.types.ts';
import type { CheckinAnswer, CheckinLeitura, CheckinOfflineResult } from '#schemas/rest/checkin.ts';
import { shopInstant, shopWallClock } from '#schemas/shop-time.ts';
import { readJson, writeJson } from '#src/lib/storage.ts';
import {
  decideOffline,
  importBrandKey,
  type LocalUse,
  looksSigned,
  verifySignedCode,
} from './offline-verify';

const KEY = 'si.checkin';
/** Lists kept (the newest sessions chosen): a device at one gate needs one or two. */
const MAX_LISTS = 4;

/** A scan made offline, to sync. */
export type PendingScan = CheckinLeitura & { idingresso: number };

export interface DeviceState {
  staff: { token: string; usuario: string } | null;
  idapresentacao: number | null;
  portao: string;
  /** By session id. */
  listas: Record<string, CheckinOfflineResult>;
  /** By session id, then ticket id: the scans this device saw (online or offline). */
  usados: Record<string, Record<string, LocalUse>>;
  pendentes: PendingScan[];
}

const EMPTY: DeviceState = {
  staff: null,
  idapresentacao: null,
  portao: '',
  listas: {},
  usados: {},
  pendentes: [],
};

export function readDevice(): DeviceState {
  const stored = readJson<Partial<DeviceState>>(KEY);
  return { ...EMPTY, ...(stored && typeof stored === 'object' ? stored : {}) };
}

export function updateDevice(change: (s: DeviceState) => Partial<DeviceState>): DeviceState {
  const current = readDevice();
  const next = { ...current, ...change(current) };
  writeJson(KEY, next);
  return next;
}

/** Sao Paulo `YYYY-MM-DD HH:MM:SS` of an ISO instant. */
function spText(iso: string): string {
  const { date, time } = shopWallClock(new Date(iso));
  return `${date} ${time}`;
}

/** Keeps the list of a session (the newest few). */
export function storeList(list: CheckinOfflineResult): void {
  updateDevice((s) => {
    const listas = { ...s.listas, [String(list.idapresentacao)]: list };
    const keys = Object.keys(listas);
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_LISTS))) delete listas[k];
    return { listas };
  });
}

/** Records that a ticket was used (seen by the server or by this device). */
function markUsed(idapresentacao: number, idingresso: number, use: LocalUse): void {
  updateDevice((s) => ({
    usados: {
      ...s.usados,
      [String(idapresentacao)]: { ...s.usados[String(idapresentacao)], [String(idingresso)]: use },
    },
  }));
}

/** The outcome of the server's answer; a ticket it let in or saw used is remembered here. */
export function outcomeOfAnswer(answer: CheckinAnswer, portao: string): CheckinOutcome {
  const g = answer.ingresso;
  if (g && (answer.resultado === 'valido' || answer.resultado === 'ja_usado')) {
    const when = answer.usado_em ? shopInstant(answer.usado_em) : null;
    markUsed(g.idapresentacao, g.idingresso, {
      lido_em: (when ?? new Date()).toISOString(),
      portao: answer.usado_portao ?? portao,
    });
  }
  return {
    resultado: answer.resultado,
    offline: false,
    mensagem: answer.mensagem,
    ...(answer.usado_em ? { usado_em: answer.usado_em } : {}),
    ...(answer.usado_portao !== undefined ? { usado_portao: answer.usado_portao } : {}),
    ...(g ? { ingresso: g, idapresentacao: g.idapresentacao } : {}),
  };
}

/**
 * The device's own check of `codigo` at session `idapresentacao` (machines/checkin.machine.ts
 * `checkOffline`): a valid ticket is marked used here and its scan kept for the sync.
 */
export async function checkOnDevice(
  codigo: string,
  idapresentacao: number,
  portao: string,
  now = new Date(),
): Promise<{ outcome: CheckinOutcome; pending: number }> {
  const state = readDevice();
  const pending = state.pendentes.length;
  const unverifiable = (motivo: NonNullable<CheckinOutcome['motivo']>) => ({
    outcome: { resultado: 'nao_verificavel' as const, offline: true, motivo },
    pending,
  });
  if (!looksSigned(codigo)) return unverifiable('codigoCurto');
  const list = state.listas[String(idapresentacao)];
  if (!list) return unverifiable('semLista');
  const key = await importBrandKey(list.chave_publica);
  if (!key) return unverifiable('semEd25519');
  const claims = await verifySignedCode(key, codigo);
  if (!claims) return { outcome: { resultado: 'invalido', offline: true }, pending };
  const used = state.usados[String(idapresentacao)] ?? {};
  const d = decideOffline(claims, idapresentacao, list.ingressos, used);
  switch (d.resultado) {
    case 'valido': {
      const use: LocalUse = { lido_em: now.toISOString(), portao };
      markUsed(idapresentacao, claims.idingresso, use);
      const next = updateDevice((s) => ({
        pendentes: [
          ...s.pendentes,
          {
            codigo: codigo.trim(),
            lido_em: use.lido_em,
            idapresentacao,
            idingresso: claims.idingresso,
            ...(portao ? { portao } : {}),
          },
        ],
      }));
      return { outcome: { resultado: 'valido', offline: true }, pending: next.pendentes.length };
    }
    case 'ja_usado':
      return {
        outcome: {
          resultado: 'ja_usado',
          offline: true,
          ...(d.local ? { usado_em: spText(d.local.lido_em), usado_portao: d.local.portao } : {}),
        },
        pending,
      };
    case 'outra_sessao':
      return {
        outcome: { resultado: 'outra_sessao', offline: true, idapresentacao: d.idapresentacao },
        pending,
      };
    default:
      return { outcome: { resultado: d.resultado, offline: true }, pending };
  }
}

/**
 * Sends the kept scans (`syncScans`) with `post`; the ones the server answered leave the
 * device, whatever it answered (it recorded the first scan of each ticket).
 */
export async function syncDevice(
  post: (leituras: CheckinLeitura[]) => Promise<{ resultados: CheckinAnswer[] }>,
): Promise<{ summary: CheckinSyncSummary; pending: number }> {
  const batch = readDevice().pendentes.slice(0, 1000);
  const summary: CheckinSyncSummary = { enviadas: batch.length, resultados: {} };
  if (batch.length === 0) return { summary, pending: 0 };
  const { resultados } = await post(batch.map(({ idingresso: _, ...leitura }) => leitura));
  for (const r of resultados) {
    summary.resultados[r.resultado] = (summary.resultados[r.resultado] ?? 0) + 1;
  }
  const sent = new Set(batch.map((p) => `${p.codigo}|${p.lido_em}`));
  const next = updateDevice((s) => ({
    pendentes: s.pendentes.filter((p) => !sent.has(`${p.codigo}|${p.lido_em}`)),
  }));
  return { summary, pending: next.pendentes.length };
}
