import { describe, expect, it } from 'vitest';
import { cancelVerdict } from './cancel-rules';

const RULES = { withdrawalDays: 7, beforeSessionHours: 2 };
const paid = new Date('2026-11-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('cancelVerdict', () => {
  it('within the 7 days of withdrawal and before the session: yes, everything back', () => {
    expect(
      cancelVerdict(RULES, at('2026-11-08T11:59:00Z'), paid, at('2026-12-01T12:00:00Z'), false),
    ).toEqual({ ok: true, byWarranty: false });
  });

  it('after the 7 days: no, unless the ticket carries the refundable option', () => {
    const now = at('2026-11-08T12:01:00Z');
    const session = at('2026-12-01T12:00:00Z');
    expect(cancelVerdict(RULES, now, paid, session, false)).toEqual({ ok: false, motivo: 'prazo' });
    expect(cancelVerdict(RULES, now, paid, session, true)).toEqual({ ok: true, byWarranty: true });
  });

  it('never within beforeSessionHours of the session, nor after it started', () => {
    const session = at('2026-11-02T12:00:00Z');
    expect(cancelVerdict(RULES, at('2026-11-02T10:00:00Z'), paid, session, true)).toEqual({
      ok: false,
      motivo: 'sessao',
    });
    expect(cancelVerdict(RULES, at('2026-11-02T13:00:00Z'), paid, session, false)).toEqual({
      ok: false,
      motivo: 'sessao',
    });
    expect(
      cancelVerdict({ withdrawalDays: 7, beforeSessionHours: 0 }, session, paid, session, false),
    ).toEqual({ ok: false, motivo: 'sessao' });
  });

  it('a brand without the rule: no cancellation', () => {
    expect(cancelVerdict(undefined, paid, paid, at('2027-01-01T00:00:00Z'), true)).toEqual({
      ok: false,
      motivo: 'regra',
    });
  });
});
