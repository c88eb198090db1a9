import type { CarrinhoItem, PortadorDados, PortadorSalvo } from '#schemas/contract.ts';
import { formatCpf, isCpf } from '#schemas/formats/cpf.ts';

/** A held ticket whose event takes a holder, numbered in the cart's order. */
export interface HolderTicket {
  item: CarrinhoItem;
  /** 1-based, among the tickets that take a holder. */
  number: number;
  /** The event's rule is `obrigatorio`: no payment without it. */
  required: boolean;
  /** What the holder form starts with when it opens from a saved holder that lacks fields. */
  seed?: Partial<PortadorDados>;
}

/** The holder form's required fields (schemas/forms/holder.schema.json `required`). */
const REQUIRED: readonly (keyof PortadorDados)[] = [
  'nome',
  'sobrenome',
  'documento',
  'nacionalidade',
  'dt_nascimento',
];

/** The tickets of the cart that take a holder, in order. */
export function holderTickets(items: readonly CarrinhoItem[]): HolderTicket[] {
  return items
    .filter((item) => item.portador_regra === 'obrigatorio' || item.portador_regra === 'opcional')
    .map((item, i) => ({ item, number: i + 1, required: item.portador_regra === 'obrigatorio' }));
}

/** Tickets whose holder is required and still missing. */
export function missingHolders(items: readonly CarrinhoItem[]): HolderTicket[] {
  return holderTickets(items).filter((t) => t.required && !t.item.portador);
}

/**
 * The key a document is unique by within a session, as the server keys it (upper-case letters
 * and digits): `529.982.247-25` and `52998224725` are one person.
 */
export function documentKey(documento: string): string {
  return documento.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Whether a saved holder has every field the form requires, so one tap can bind it. */
export function isCompleteHolder(p: Partial<PortadorDados>): p is PortadorDados {
  return REQUIRED.every((k) => typeof p[k] === 'string' && p[k] !== '');
}

/**
 * The saved holders offered for `ticket`: those not already holding another ticket of the same
 * session (one ticket per person per match), in the server's order (the buyer first).
 */
export function offersFor(
  ticket: HolderTicket,
  tickets: readonly HolderTicket[],
  saved: readonly PortadorSalvo[],
): PortadorSalvo[] {
  const taken = new Set(
    tickets
      .filter(
        (t) =>
          t.item.iditem !== ticket.item.iditem &&
          t.item.idapresentacao === ticket.item.idapresentacao &&
          t.item.portador,
      )
      .map((t) => documentKey(t.item.portador?.documento ?? '')),
  );
  return saved.filter((s) => {
    const key = documentKey(s.portador.documento ?? '');
    return key !== '' && !taken.has(key);
  });
}

/** A holder's document as people write it: a CPF with its dots and dash, anything else as given. */
export function displayDocument(documento: string): string {
  return /^\d{11}$/.test(documento) && isCpf(documento) ? formatCpf(documento) : documento;
}
