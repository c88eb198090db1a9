/**
 * Races on the places of a slot (PostgreSQL whenever one is reachable: on PGlite's single
 * connection nothing can interleave). N buyers book the last place of one slot at the same
 * moment: exactly one gets it. One ticket booked into N slots at once: one booking, one place.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '#server/i18n.ts';
import { rows } from '#server/db/sql.ts';
import { makeBuyers, startTestServer, type TestServer } from '#server/test/harness.ts';
import { spDate } from '#server/time.ts';
import { addDays } from './slots';
import { paidTickets, TRILHA, trailBrand, trailCall } from './test-support';

const N = 8;
let s: TestServer;
let tokens: string[];

beforeAll(async () => {
  // One place per slot, and many times a day so one ticket can race into several.
  s = await startTestServer({
    concurrency: true,
    brands: [
      trailBrand({
        vagas: 1,
        horarios: ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00'],
      }),
    ],
  });
  tokens = await makeBuyers(s.db, s.brands[0]!, N);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe(`trail races (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PostgreSQL when reachable'})`, () => {
  it(`${N} buyers book the last place of a slot at once: exactly one gets it`, async () => {
    const tickets = await Promise.all(tokens.map((tk) => paidTickets(s, tk, 1)));
    const dia = addDays(spDate(new Date()), 2);
    const answers = await Promise.all(
      tickets.map((tk, i) =>
        trailCall(s, 'InsereRioBoi', { iditem: tk.iditens[0]!, dia, hora: '09:00' }, tokens[i]!),
      ),
    );
    const won = answers.filter((a) => 'result' in a);
    const lost = answers.filter((a) => 'error' in a);
    expect(won).toHaveLength(1);
    for (const a of lost) {
      expect(a).toEqual({ error: { code: 0, message: t('pt-BR', 'error.trailFull') } });
    }
    const [slot] = await rows<{ ocupadas: number; bookings: number }>(
      s.db,
      sql`SELECT v.ocupadas, (SELECT count(*) FROM agendamento ag WHERE ag.idvaga = v.id)::int AS bookings
          FROM agenda_vaga v WHERE v.brand = 'test-a' AND v.idproduto = ${TRILHA}
            AND v.dthr = ${`${dia}T09:00:00-03:00`}::timestamptz`,
    );
    expect(slot).toEqual({ ocupadas: 1, bookings: 1 });
  });

  it('one ticket booked into several slots at once: one booking, one place taken', async () => {
    const { iditens } = await paidTickets(s, tokens[0]!, 1);
    const iditem = iditens[0]!;
    const dia = addDays(spDate(new Date()), 3);
    const horas = ['08:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    const answers = await Promise.all(
      horas.map((hora) => trailCall(s, 'InsereRioBoi', { iditem, dia, hora }, tokens[0]!)),
    );
    // Serialized by the order's lock: each one books or moves the one booking.
    expect(answers.filter((a) => 'error' in a)).toEqual([]);
    const [r] = await rows<{ bookings: number; taken: number }>(
      s.db,
      sql`SELECT (SELECT count(*) FROM agendamento WHERE iditem = ${iditem})::int AS bookings,
            (SELECT coalesce(sum(ocupadas), 0) FROM agenda_vaga
              WHERE brand = 'test-a' AND idproduto = ${TRILHA}
                AND dthr >= ${`${dia}T00:00:00-03:00`}::timestamptz
                AND dthr < ${`${addDays(dia, 1)}T00:00:00-03:00`}::timestamptz)::int AS taken`,
    );
    expect(r).toEqual({ bookings: 1, taken: 1 });
  });
});
