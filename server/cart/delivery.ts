/**
 * Delivery of products sent to an address (catalogue `entrega`): the person's delivery addresses
 * (`endereco_entrega`), the order's chosen address and fee (`movimentacao.entrega_end`,
 * `entrega_valor_cents`), and the carrier's answer (POST TransportadoraValidaEnderecoEntrega/).
 * See README.md, "Delivery".
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type {
  EnderecoEntrega,
  EnderecoEntregaDados,
  EnderecoEntregaEscolha,
  EntregaCotacao,
  EntregaPedido,
  GetEnderecosEntregaResult,
  Locale,
} from '#schemas/contract.ts';
import { catalogOf, toReais } from '#server/catalog/lookup.ts';
import type { Db } from '#server/db/client.ts';
import { firstRow, rows } from '#server/db/sql.ts';
import { OutcomeError } from '#server/errors.ts';
import { validateForm } from '#server/forms/validate.ts';
import { t } from '#server/i18n.ts';
import { refuse } from '#server/orders/lifecycle.ts';
import type { CartScope } from './cart-scope';
import { type DeliveryQuote, quoteDelivery } from './delivery-rules';

/** Saved addresses getEnderecosEntrega lists besides the profile's. */
export const SAVED_ADDRESSES_MAX = 10;

/** The address form's fields, as stored (anything else in a payload is dropped). */
const FIELDS = [
  'end_pais',
  'end_cep',
  'end_estado',
  'end_cidade',
  'end_bairro',
  'end_logradouro',
  'end_numero',
  'end_complemento',
] as const;

/** Whether a product of an event is delivered to an address (catalogue `entrega`). */
export function productNeedsDelivery(brand: LoadedBrand, idevento: number, idproduto: number) {
  return catalogOf(brand).product(idevento, idproduto)?.product.entrega === true;
}

/** Whether any unit (not removed) of the order is of a product delivered to an address. */
export async function orderNeedsDelivery(db: Db, brand: LoadedBrand, idmovimentacao: number) {
  const found = await rows<{ idevento: number; idproduto: number }>(
    db,
    sql`SELECT DISTINCT a.idevento, e.idproduto FROM movimentacao_item i
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE i.idmovimentacao = ${idmovimentacao} AND i.status <> 'CA'`,
  );
  return found.some((r) => productNeedsDelivery(brand, Number(r.idevento), Number(r.idproduto)));
}

/**
 * Under the order's lock: a removal left no unit that needs delivery, so the order's address and
 * fee are cleared (the fee is no longer charged).
 */
export async function clearDeliveryIfUnneeded(tx: Db, brand: LoadedBrand, idmovimentacao: number) {
  if (await orderNeedsDelivery(tx, brand, idmovimentacao)) return;
  await tx.execute(
    sql`UPDATE movimentacao SET entrega_end = NULL, entrega_valor_cents = 0, entrega_dias = NULL
        WHERE id = ${idmovimentacao} AND (entrega_end IS NOT NULL OR entrega_valor_cents <> 0)`,
  );
}

/** Under the order's lock: a unit needs delivery and the order has no address (payment refuses). */
export async function deliveryMissing(tx: Db, brand: LoadedBrand, idmovimentacao: number) {
  const row = await firstRow<{ entrega_end: number | null }>(
    tx,
    sql`SELECT entrega_end FROM movimentacao WHERE id = ${idmovimentacao}`,
  );
  if (row?.entrega_end != null) return false;
  return orderNeedsDelivery(tx, brand, idmovimentacao);
}

interface AddressRow {
  id: number;
  pais: string;
  cep: string;
  estado: string;
  cidade: string;
  bairro: string;
  logradouro: string;
  numero: string;
  complemento: string;
  chave: string;
}

const ADDRESS_COLUMNS = sql.raw(
  'd.id, d.pais, d.cep, d.estado, d.cidade, d.bairro, d.logradouro, d.numero, d.complemento, d.chave',
);

/** Trimmed text with its spaces collapsed. */
const tidy = (v: unknown): string => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '');

/** The form's fields of a payload, tidied; optional ones left out when blank. */
function dadosOf(src: Record<string, unknown>): EnderecoEntregaDados {
  const out: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = tidy(src[f]);
    if (v !== '' || !(f === 'end_bairro' || f === 'end_complemento')) out[f] = v;
  }
  out.end_pais = (out.end_pais ?? '').toUpperCase();
  out.end_estado = (out.end_estado ?? '').toUpperCase();
  return out as unknown as EnderecoEntregaDados;
}

/** One row per address and person: the fields upper-cased, the CEP as letters and digits. */
export function addressKey(d: EnderecoEntregaDados): string {
  return [
    d.end_pais,
    d.end_cep.replace(/[^0-9A-Za-z]/g, ''),
    d.end_estado,
    d.end_cidade,
    d.end_bairro ?? '',
    d.end_logradouro,
    d.end_numero,
    d.end_complemento ?? '',
  ]
    .map((v) => tidy(v).toLocaleUpperCase('pt-BR'))
    .join('|');
}

function rowDados(r: AddressRow): EnderecoEntregaDados {
  return dadosOf({
    end_pais: r.pais,
    end_cep: r.cep,
    end_estado: r.estado,
    end_cidade: r.cidade,
    end_bairro: r.bairro,
    end_logradouro: r.logradouro,
    end_numero: r.numero,
    end_complemento: r.complemento,
  });
}

/** The carrier's answer for an address, as the contract shows it. */
export function cotacaoOf(brand: LoadedBrand, locale: Locale, d: EnderecoEntregaDados) {
  const q = quoteDelivery(brand.brand.delivery, d);
  const out: EntregaCotacao = q.entregavel
    ? { entregavel: true, valor: toReais(q.valorCents), dias: q.dias }
    : { entregavel: false, valor: 0, dias: null, mensagem: t(locale, q.motivo) };
  return out;
}

/** The profile's address when it is complete (the address form accepts it), else null. */
async function profileAddress(s: CartScope): Promise<EnderecoEntregaDados | null> {
  const p = await firstRow<Record<string, string | null>>(
    s.db,
    sql`SELECT end_pais, end_cep, end_estado, end_cidade, end_bairro, end_logradouro, end_numero,
          end_complemento
        FROM pessoa WHERE id = ${s.pessoa.id}`,
  );
  if (!p) return null;
  const dados = dadosOf(p);
  return validateForm(s.brand, 'address', dados, s.locale).ok ? dados : null;
}

async function savedAddresses(db: Db, idpessoa: number): Promise<AddressRow[]> {
  return rows<AddressRow>(
    db,
    sql`SELECT ${ADDRESS_COLUMNS} FROM endereco_entrega d WHERE d.idpessoa = ${idpessoa}
        ORDER BY d.usado_em DESC, d.id DESC LIMIT ${SAVED_ADDRESSES_MAX + 1}`,
  );
}

/**
 * BasePessoaEnderecoEntregaClass.getEnderecosEntrega: the profile's address first (when
 * complete; `idendereco` 0 until chosen once), then the addresses the person added, most
 * recently used first, each with the carrier's fee and days. With the brand's `editarEndereco`
 * off only the profile's is listed (and may be chosen).
 */
export async function getEnderecosEntrega(s: CartScope): Promise<GetEnderecosEntregaResult> {
  const editavel = s.brand.brand.editarEndereco;
  const perfil = await profileAddress(s);
  const perfilKey = perfil ? addressKey(perfil) : null;
  const saved = await savedAddresses(s.db, s.pessoa.id);
  const enderecos: EnderecoEntrega[] = [];
  if (perfil) {
    const copy = saved.find((r) => r.chave === perfilKey);
    enderecos.push({
      idendereco: copy ? Number(copy.id) : 0,
      origem: 'cadastro',
      ...perfil,
      ...cotacaoOf(s.brand, s.locale, perfil),
    });
  }
  if (editavel) {
    for (const r of saved) {
      if (r.chave === perfilKey || enderecos.length > SAVED_ADDRESSES_MAX) continue;
      const dados = rowDados(r);
      enderecos.push({
        idendereco: Number(r.id),
        origem: 'salvo',
        ...dados,
        ...cotacaoOf(s.brand, s.locale, dados),
      });
    }
  }
  return { enderecos, editavel };
}

/** The address a choice names, validated; refused when the brand's rules do not allow it. */
async function resolveChoice(
  s: CartScope,
  escolha: EnderecoEntregaEscolha,
): Promise<EnderecoEntregaDados> {
  const editavel = s.brand.brand.editarEndereco;
  if ('idendereco' in escolha) {
    const perfil = await profileAddress(s);
    if (escolha.idendereco === 0) return perfil ?? refuse('error.deliveryAddressNotFound');
    const row = await firstRow<AddressRow>(
      s.db,
      sql`SELECT ${ADDRESS_COLUMNS} FROM endereco_entrega d
          WHERE d.id = ${escolha.idendereco} AND d.idpessoa = ${s.pessoa.id}`,
    );
    if (!row) refuse('error.deliveryAddressNotFound');
    if (!editavel && (!perfil || addressKey(perfil) !== row.chave)) {
      refuse('error.deliveryAddressLocked');
    }
    return rowDados(row);
  }
  if (!editavel) refuse('error.deliveryAddressLocked');
  const src = escolha as unknown as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const f of FIELDS) if (src[f] !== undefined) picked[f] = src[f];
  const form = validateForm(s.brand, 'address', picked, s.locale);
  if (!form.ok) throw new OutcomeError(form.error);
  return dadosOf(form.data);
}

/** A delivery address chosen for an order, with what the carrier quotes for it. */
export interface DeliveryChoice {
  dados: EnderecoEntregaDados;
  quote: Extract<DeliveryQuote, { entregavel: true }>;
}

/**
 * The address a choice names and its quote, checked before the order is locked: refused when
 * the brand delivers nothing, the brand's rules do not allow the address or the carrier does not
 * deliver there (`error.deliveryCountry`). A new address is checked with the address form's
 * schema.
 */
export async function deliveryChoice(
  s: CartScope,
  escolha: EnderecoEntregaEscolha,
): Promise<DeliveryChoice> {
  if (!s.brand.brand.delivery) refuse('error.deliveryNotOffered');
  const dados = await resolveChoice(s, escolha);
  const quote = quoteDelivery(s.brand.brand.delivery, dados);
  if (!quote.entregavel) refuse(quote.motivo);
  return { dados, quote };
}

/**
 * The order (locked by the caller, setEnderecoEntrega in cart.ts) keeps the chosen address, the
 * fee and the days: the fee is in every total from then on. The address is saved for the person
 * (once: the same address again reuses its row).
 */
export async function setOrderDelivery(
  tx: Db,
  s: CartScope,
  idmovimentacao: number,
  { dados, quote }: DeliveryChoice,
): Promise<void> {
  if (!(await orderNeedsDelivery(tx, s.brand, idmovimentacao))) refuse('error.deliveryNotNeeded');
  const saved = await firstRow<{ id: number }>(
    tx,
    sql`INSERT INTO endereco_entrega (idpessoa, pais, cep, estado, cidade, bairro, logradouro,
          numero, complemento, chave)
        VALUES (${s.pessoa.id}, ${dados.end_pais}, ${dados.end_cep}, ${dados.end_estado},
          ${dados.end_cidade}, ${dados.end_bairro ?? ''}, ${dados.end_logradouro},
          ${dados.end_numero}, ${dados.end_complemento ?? ''}, ${addressKey(dados)})
        ON CONFLICT (idpessoa, chave) DO UPDATE SET usado_em = now()
        RETURNING id`,
  );
  await tx.execute(
    sql`UPDATE movimentacao SET entrega_end = ${saved!.id}, entrega_valor_cents = ${quote.valorCents},
          entrega_dias = ${quote.dias}, updated_at = now()
        WHERE id = ${idmovimentacao}`,
  );
}

/**
 * The order's delivery for getCarrinhoPageItens: present when a unit needs delivery (or an
 * address is still set), with the chosen address, its fee and days.
 */
export async function orderDelivery(
  db: Db,
  brand: LoadedBrand,
  locale: Locale,
  idmovimentacao: number,
  needed: boolean,
): Promise<EntregaPedido | undefined> {
  const row = await firstRow<
    AddressRow & { entrega_valor_cents: number; entrega_dias: number | null; has: boolean }
  >(
    db,
    sql`SELECT m.entrega_valor_cents, m.entrega_dias, (d.id IS NOT NULL) AS has, ${ADDRESS_COLUMNS}
        FROM movimentacao m LEFT JOIN endereco_entrega d ON d.id = m.entrega_end
        WHERE m.id = ${idmovimentacao}`,
  );
  if (!row || (!needed && !row.has)) return undefined;
  let endereco: EnderecoEntrega | null = null;
  if (row.has) {
    const dados = rowDados(row);
    endereco = {
      idendereco: Number(row.id),
      origem: 'salvo',
      ...dados,
      ...cotacaoOf(brand, locale, dados),
    };
  }
  return {
    endereco,
    valor: toReais(Number(row.entrega_valor_cents)),
    dias: row.entrega_dias === null ? null : Number(row.entrega_dias),
  };
}

/**
 * POST TransportadoraValidaEnderecoEntrega/: the carrier's answer for the address posted (the
 * address form's fields): `{ entregavel, valor, dias, mensagem? }`. A malformed address answers
 * the form's error (code 0 with every field error). No session needed: the rule is public.
 */
export const deliveryRoutes: FastifyPluginAsync = async (app) => {
  app.post('/TransportadoraValidaEnderecoEntrega/', async (req) => {
    const body =
      req.body && typeof req.body === 'object' && !Array.isArray(req.body)
        ? (req.body as Record<string, unknown>)
        : {};
    const picked: Record<string, unknown> = {};
    for (const f of FIELDS) if (body[f] !== undefined) picked[f] = body[f];
    const form = validateForm(req.brand, 'address', picked, req.locale);
    if (!form.ok) return { error: form.error };
    return { result: cotacaoOf(req.brand, req.locale, dadosOf(form.data)) };
  });
};

/** The addresses `ids` (endereco_entrega), as the address form writes them, by id. */
export async function deliveryAddresses(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, EnderecoEntregaDados>> {
  const out = new Map<number, EnderecoEntregaDados>();
  if (ids.length === 0) return out;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const found = await rows<AddressRow>(
    db,
    sql`SELECT ${ADDRESS_COLUMNS} FROM endereco_entrega d WHERE d.id IN (${list})`,
  );
  for (const r of found) out.set(Number(r.id), rowDados(r));
  return out;
}
