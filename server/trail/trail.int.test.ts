/**
 * Scheduled slots of paid tickets (CustomUserApps/DiasCompra, InsereRioBoi, ConsultaRioBoi): the
 * days and times with places, a booking in My orders' list and on the printed ticket, exactly
 * one booking per ticket (the same slot again changes nothing; moving frees the old place),
 * a full slot, the cut-off, final bookings, and every refusal with its localized message.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type TicketsCartResult } from '#schemas/contract.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { t } from '#server/i18n.ts';
import { startTestServer, type TestServer } from '#server/test/harness.ts';
import { P } from '#server/test/test-brand.ts';
import { printableTickets } from '#server/tickets/tickets.ts';
import { spDate } from '#server/time.ts';
import { addDays } from './slots';
import {
  holdTickets,
  paidTickets,
  TRILHA,
  trailBrand,
  trailCall,
  trailError,
  trailOk,
} from './test-support';
import { releaseCancelledSlots } from './trail';

let s: TestServer;
let token: string;
let pessoaId: number;
const today = () => spDate(new Date());
// Two days ahead: always bookable and more than 24 hours away (the cut-off).
const DAY = () => addDays(today(), 2);

beforeAll(async () => {
  s = await startTestServer({ brands: [trailBrand()] });
  const p = await s.personToken('trilha@example.com');
  token = p.token;
  pessoaId = p.pessoa.id;
});
afterAll(async () => {
  await s?.close();
});

/** The slot row's taken places, or -1 when it was never booked. */
async function ocupadas(dia: string, hora: string): Promise<number> {
  const r = await firstRow<{ n: number }>(
    s.db,
    sql`SELECT ocupadas AS n FROM agenda_vaga WHERE brand = 'test-a' AND idproduto = ${TRILHA}
          AND dthr = ${`${dia}T${hora}:00-03:00`}::timestamptz`,
  );
  return r ? Number(r.n) : -1;
}

describe('trail scheduling', () => {
  it('DiasCompra: days to the horizon with their places; with dia, that day’s times', async () => {
    const { iditens } = await paidTickets(s, token, 1);
    const dias = await trailOk(s, 'DiasCompra', { iditem: iditens[0]! }, token);
    expect(dias.atividade).toBe('Trilha guiada');
    expect(dias.horarios).toBeUndefined();
    // Every day from today (if a slot is still ahead) to 10 days on, two slots of 2 places.
    expect(dias.dias.at(-1)).toEqual({ dia: addDays(today(), 10), vagas: 4 });
    expect(dias.dias.find((d) => d.dia === DAY())).toEqual({ dia: DAY(), vagas: 4 });
    const day = await trailOk(s, 'DiasCompra', { iditem: iditens[0]!, dia: DAY() }, token);
    expect(day.horarios).toEqual([
      { hora: '09:00', vagas: 2 },
      { hora: '14:00', vagas: 2 },
    ]);
    // A day beyond the horizon has no times.
    const far = await trailOk(
      s,
      'DiasCompra',
      { iditem: iditens[0]!, dia: addDays(today(), 11) },
      token,
    );
    expect(far.horarios).toEqual([]);
  });

  it('InsereRioBoi books; ConsultaRioBoi, My orders and the printed ticket show it', async () => {
    const { idmovimentacao, iditens } = await paidTickets(s, token, 1);
    const iditem = iditens[0]!;
    const before = await trailOk(s, 'ConsultaRioBoi', { idmovimentacao }, token);
    expect(before.agendamentos).toEqual([
      {
        iditem,
        idmovimentacao,
        atividade: 'Trilha guiada',
        local: 'Portão 9',
        agendamento: null,
        alteravel: true,
        alteravel_ate: null,
      },
    ]);
    const taken = await ocupadas(DAY(), '09:00');
    const booked = await trailOk(s, 'InsereRioBoi', { iditem, dia: DAY(), hora: '09:00' }, token);
    expect(booked).toEqual({
      iditem,
      idmovimentacao,
      atividade: 'Trilha guiada',
      local: 'Portão 9',
      agendamento: { dia: DAY(), hora: '09:00' },
      alteravel: true,
      alteravel_ate: `${addDays(DAY(), -1)} 09:00`,
    });
    expect(await ocupadas(DAY(), '09:00')).toBe(Math.max(taken, 0) + 1);
    expect((await trailOk(s, 'ConsultaRioBoi', { iditem }, token)).agendamentos).toEqual([booked]);
    // In English.
    const en = await trailCall(s, 'ConsultaRioBoi', { iditem }, token, 'en_US');
    expect('result' in en && en.result.agendamentos[0]?.atividade).toBe('Guided trail');

    // The orders list: the booked slot on the unit; a unit needing none has no such field.
    const other = await paidTickets(s, token, 1, P.inteira);
    const res = await s.app.inject({
      method: 'GET',
      url: '/tickets/cart?status=PA&page=1&results_per_page=100&fetch_items=true',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
    });
    const list = (res.json() as { result: TicketsCartResult }).result.tickets;
    const item = list.flatMap((o) => o.itens).find((i) => i.iditem === iditem);
    expect(item?.agendamento).toEqual({ dia: DAY(), hora: '09:00' });
    const plain = list.flatMap((o) => o.itens).find((i) => i.iditem === other.iditens[0]);
    expect(plain && 'agendamento' in plain).toBe(false);

    // The printed ticket carries the activity and the slot.
    const printable = await printableTickets(s.db, s.brands[0]!, 'pt-BR', pessoaId, {
      iditem,
    });
    expect(printable.ok && printable.tickets[0]?.agendamento?.atividade).toBe('Trilha guiada');
    expect(printable.ok && printable.tickets[0]?.agendamento?.at?.toISOString()).toBe(
      new Date(`${DAY()}T09:00:00-03:00`).toISOString(),
    );
  });

  it('exactly once per ticket: the same slot again changes nothing; moving frees the old place', async () => {
    const { iditens } = await paidTickets(s, token, 1);
    const iditem = iditens[0]!;
    const day = addDays(today(), 3);
    await trailOk(s, 'InsereRioBoi', { iditem, dia: day, hora: '14:00' }, token);
    await trailOk(s, 'InsereRioBoi', { iditem, dia: day, hora: '14:00' }, token);
    expect(await ocupadas(day, '14:00')).toBe(1);
    // DiasCompra does not offer the slot it holds.
    const times = await trailOk(s, 'DiasCompra', { iditem, dia: day }, token);
    expect(times.horarios).toEqual([{ hora: '09:00', vagas: 2 }]);
    const moved = await trailOk(s, 'InsereRioBoi', { iditem, dia: day, hora: '09:00' }, token);
    expect(moved.agendamento).toEqual({ dia: day, hora: '09:00' });
    expect(await ocupadas(day, '14:00')).toBe(0);
    expect(await ocupadas(day, '09:00')).toBe(1);
    const [b] = await rows<{ n: number; alteracoes: number }>(
      s.db,
      sql`SELECT count(*)::int AS n, max(alteracoes)::int AS alteracoes FROM agendamento
          WHERE iditem = ${iditem}`,
    );
    expect(b).toEqual({ n: 1, alteracoes: 1 });
  });

  it('a full slot is refused (no place left); the places of a cancelled ticket come back', async () => {
    const { idmovimentacao, iditens } = await paidTickets(s, token, 3);
    const day = addDays(today(), 4);
    await trailOk(s, 'InsereRioBoi', { iditem: iditens[0]!, dia: day, hora: '09:00' }, token);
    await trailOk(s, 'InsereRioBoi', { iditem: iditens[1]!, dia: day, hora: '09:00' }, token);
    const full = await trailError(
      s,
      'InsereRioBoi',
      { iditem: iditens[2]!, dia: day, hora: '09:00' },
      token,
    );
    expect(full).toEqual({ code: ErrorCode.Generic, message: t('pt-BR', 'error.trailFull') });
    expect(await ocupadas(day, '09:00')).toBe(2);
    const times = await trailOk(s, 'DiasCompra', { iditem: iditens[2]!, dia: day }, token);
    expect(times.horarios).toEqual([{ hora: '14:00', vagas: 2 }]);
    // A confirmed cancellation (its units CA) frees their places, once.
    await s.db.execute(sql`UPDATE movimentacao_item SET status = 'CA' WHERE id = ${iditens[0]!}`);
    expect(await releaseCancelledSlots(s.db, idmovimentacao)).toBe(1);
    expect(await releaseCancelledSlots(s.db, idmovimentacao)).toBe(0);
    expect(await ocupadas(day, '09:00')).toBe(1);
    await trailOk(s, 'InsereRioBoi', { iditem: iditens[2]!, dia: day, hora: '09:00' }, token);
    expect(await ocupadas(day, '09:00')).toBe(2);
  });

  it('after the cut-off a booking cannot move (and the view says so)', async () => {
    const { iditens } = await paidTickets(s, token, 1);
    const iditem = iditens[0]!;
    const day = addDays(today(), 5);
    await trailOk(s, 'InsereRioBoi', { iditem, dia: day, hora: '14:00' }, token);
    // The slot is now two hours away: inside the 24-hour cut-off.
    await s.db.execute(
      sql`UPDATE agenda_vaga SET dthr = date_trunc('minute', now()) + interval '2 hours'
          WHERE id = (SELECT idvaga FROM agendamento WHERE iditem = ${iditem})`,
    );
    const closed = { code: 0, message: t('pt-BR', 'error.trailChangeClosed') };
    expect(await trailError(s, 'InsereRioBoi', { iditem, dia: day, hora: '09:00' }, token)).toEqual(
      closed,
    );
    expect(await trailError(s, 'DiasCompra', { iditem }, token)).toEqual(closed);
    const [view] = (await trailOk(s, 'ConsultaRioBoi', { iditem }, token)).agendamentos;
    expect(view?.alteravel).toBe(false);
  });

  it('refusals: not yours, not a ticket that needs a slot, not paid, slot not open', async () => {
    const mine = await paidTickets(s, token, 1);
    const iditem = mine.iditens[0]!;
    const other = await s.personToken('outra@example.com');
    const msg = (id: Parameters<typeof t>[1]) => ({ code: 0, message: t('pt-BR', id) });
    expect(await trailError(s, 'DiasCompra', { iditem }, other.token)).toEqual(
      msg('error.trailNotYours'),
    );
    expect(
      await trailError(s, 'InsereRioBoi', { iditem, dia: DAY(), hora: '09:00' }, other.token),
    ).toEqual(msg('error.trailNotYours'));
    expect(
      await trailError(s, 'ConsultaRioBoi', { idmovimentacao: mine.idmovimentacao }, other.token),
    ).toEqual(msg('error.trailNotYours'));
    const plain = await paidTickets(s, token, 1, P.inteira);
    expect(
      await trailError(
        s,
        'InsereRioBoi',
        { iditem: plain.iditens[0]!, dia: DAY(), hora: '09:00' },
        token,
      ),
    ).toEqual(msg('error.trailNotNeeded'));
    expect(await trailError(s, 'ConsultaRioBoi', { iditem: plain.iditens[0]! }, token)).toEqual(
      msg('error.trailNotNeeded'),
    );
    const held = await holdTickets(s, token, 1);
    expect(await trailError(s, 'DiasCompra', { iditem: held.iditens[0]! }, token)).toEqual(
      msg('error.trailNotPaid'),
    );
    await s.ok('SuperIngresso', 'cancelarReserva', [held.idmovimentacao, null, false, false], {
      token,
    });
    expect(await trailError(s, 'DiasCompra', { iditem: 2_000_000_000 }, token)).toEqual(
      msg('error.ticketsNotFound'),
    );
    for (const slot of [
      { dia: addDays(today(), -1), hora: '09:00' },
      { dia: addDays(today(), 11), hora: '09:00' },
      { dia: DAY(), hora: '10:00' },
      { dia: '2031-02-30', hora: '09:00' },
    ]) {
      expect(await trailError(s, 'InsereRioBoi', { iditem, ...slot }, token), slot.dia).toEqual(
        msg('error.trailSlotUnavailable'),
      );
    }
    // In Spanish.
    const es = await trailCall(s, 'DiasCompra', { iditem }, other.token, 'es_ES');
    expect(es).toEqual({ error: { code: 0, message: t('es-ES', 'error.trailNotYours') } });
  });

  it('needs a session (code 1); a body off its schema is badParams, never a 500', async () => {
    expect((await trailError(s, 'DiasCompra', { iditem: 1 }, null)).code).toBe(
      ErrorCode.SessionInvalid,
    );
    const bad = { code: 0, message: t('pt-BR', 'error.badParams') };
    for (const [call, body] of [
      ['DiasCompra', {}],
      ['DiasCompra', { iditem: '1' }],
      ['DiasCompra', { iditem: 1, dia: '2026-13-01' }],
      ['InsereRioBoi', { iditem: 1, dia: '2026-01-01' }],
      ['InsereRioBoi', { iditem: 1, dia: '2026-01-01', hora: '24:00' }],
      ['InsereRioBoi', { iditem: 1, dia: '2026-01-01', hora: '09:00', extra: 1 }],
      ['ConsultaRioBoi', {}],
      ['ConsultaRioBoi', { iditem: 1, idmovimentacao: 1 }],
      ['ConsultaRioBoi', [1]],
    ] as const) {
      expect(await trailError(s, call, body, token), `${call} ${JSON.stringify(body)}`).toEqual(
        bad,
      );
    }
  });
});

describe('final bookings (no alteracaoAteHoras)', () => {
  let f: TestServer;
  beforeAll(async () => {
    f = await startTestServer({ brands: [trailBrand({ alteracaoAteHoras: undefined })] });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('books once; moving is refused and the view says it is final', async () => {
    const { token: tk } = await f.personToken('final@example.com');
    const { iditens } = await paidTickets(f, tk, 1);
    const iditem = iditens[0]!;
    const booked = await trailOk(f, 'InsereRioBoi', { iditem, dia: DAY(), hora: '09:00' }, tk);
    expect(booked).toMatchObject({ alteravel: false, alteravel_ate: null });
    expect(await trailError(f, 'InsereRioBoi', { iditem, dia: DAY(), hora: '14:00' }, tk)).toEqual({
      code: 0,
      message: t('pt-BR', 'error.trailFinal'),
    });
    // The same slot again is still answered (nothing moves).
    expect(
      (await trailOk(f, 'InsereRioBoi', { iditem, dia: DAY(), hora: '09:00' }, tk)).agendamento,
    ).toEqual({ dia: DAY(), hora: '09:00' });
  });
});
