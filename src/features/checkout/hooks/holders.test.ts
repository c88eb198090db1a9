import { describe, expect, it } from 'vitest';
import type { CarrinhoItem, PortadorDados, PortadorSalvo } from '#schemas/contract.ts';
import {
  displayDocument,
  documentKey,
  holderTickets,
  isCompleteHolder,
  missingHolders,
  offersFor,
} from './holders';

const ANA: PortadorDados = {
  nome: 'Ana',
  sobrenome: 'Souza',
  documento: '529.982.247-25',
  nacionalidade: 'BR',
  dt_nascimento: '1990-04-01',
};
const BRUNO: PortadorDados = { ...ANA, nome: 'Bruno', documento: '111.444.777-35' };

function item(iditem: number, patch: Partial<CarrinhoItem> = {}): CarrinhoItem {
  return {
    iditem,
    idapresentacao: 1,
    portador_regra: 'obrigatorio',
    portador: null,
    ...patch,
  } as CarrinhoItem;
}

describe('holder tickets', () => {
  it('numbers only the tickets that take a holder, and marks the required ones', () => {
    const t = holderTickets([
      item(1, { portador_regra: null }),
      item(2),
      item(3, { portador_regra: 'opcional' }),
    ]);
    expect(t.map((x) => [x.item.iditem, x.number, x.required])).toEqual([
      [2, 1, true],
      [3, 2, false],
    ]);
  });

  it('counts as missing only required tickets without a holder', () => {
    const missing = missingHolders([
      item(1),
      item(2, { portador: ANA }),
      item(3, { portador_regra: 'opcional' }),
      item(4, { portador_regra: null }),
    ]);
    expect(missing.map((t) => t.item.iditem)).toEqual([1]);
  });
});

describe('one-tap offers', () => {
  const saved: PortadorSalvo[] = [
    { origem: 'comprador', portador: ANA },
    { origem: 'anterior', portador: BRUNO },
  ];

  it('leaves out whoever already holds another ticket of the same session', () => {
    const tickets = holderTickets([
      item(1, { portador: { ...ANA, documento: '52998224725' } }),
      item(2),
      item(3, { idapresentacao: 2 }),
    ]);
    const [, second, other] = tickets;
    expect(offersFor(second!, tickets, saved).map((s) => s.portador.nome)).toEqual(['Bruno']);
    // Another session: the same person may hold a ticket there too.
    expect(offersFor(other!, tickets, saved).map((s) => s.portador.nome)).toEqual(['Ana', 'Bruno']);
  });

  it('keeps the ticket’s own holder among its offers (changing it to the same is no clash)', () => {
    const tickets = holderTickets([item(1, { portador: ANA })]);
    expect(offersFor(tickets[0]!, tickets, saved)).toHaveLength(2);
  });

  it('binds in one tap only a holder with every required field', () => {
    expect(isCompleteHolder(ANA)).toBe(true);
    expect(isCompleteHolder({ ...ANA, dt_nascimento: '' })).toBe(false);
    const { nacionalidade: _, ...noNationality } = ANA;
    expect(isCompleteHolder(noNationality)).toBe(false);
  });

  it('keys documents as the server does', () => {
    expect(documentKey('529.982.247-25')).toBe('52998224725');
    expect(documentKey('ab 123')).toBe('AB123');
  });
});

describe('displayDocument', () => {
  it('writes a CPF with its dots and dash, and leaves passports and non-CPF digits as given', () => {
    expect(displayDocument('52998224725')).toBe('529.982.247-25');
    expect(displayDocument('529.982.247-25')).toBe('529.982.247-25');
    expect(displayDocument('X1234567')).toBe('X1234567');
    expect(displayDocument('12345678900')).toBe('12345678900');
  });
});
