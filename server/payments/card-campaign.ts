/**
 * The card-brand campaign at payment (brand.json `payments.cardCampaign`): an order holding a
 * campaign product is paid by card, with the card whose first six digits the person gave at
 * login or sign-up (and that card must take part in the campaign).
 */
import { sql } from 'drizzle-orm';
import type { CardCampaign, LoadedBrand } from '#schemas/brand.types.ts';
import { binInCampaign } from '#schemas/card-campaign.ts';
import type { CartaoToken, FormaPagamento } from '#schemas/contract.ts';
import type { Db } from '#server/db/client.ts';
import { rows } from '#server/db/sql.ts';
import { catalogOf } from '#server/catalog/lookup.ts';
import { refuse } from '#server/orders/lifecycle.ts';
import type { PaymentGateway } from './gateway';

/** The brand's campaign when order `idmovimentacao` holds one of its products, else null. */
export async function campaignOfOrder(
  db: Db,
  brand: LoadedBrand,
  idmovimentacao: number,
): Promise<CardCampaign | null> {
  const campaign = brand.brand.payments.cardCampaign;
  if (!campaign) return null;
  const held = await rows<{ idevento: number; idproduto: number }>(
    db,
    sql`SELECT DISTINCT a.idevento, e.idproduto FROM movimentacao_item i
        JOIN estoque e ON e.id = i.idestoque
        JOIN apresentacao a ON a.id = e.idapresentacao
        WHERE i.idmovimentacao = ${idmovimentacao} AND i.status <> 'CA'`,
  );
  const cat = catalogOf(brand);
  const has = held.some(
    (r) => cat.product(Number(r.idevento), Number(r.idproduto))?.product.campanhaCartao === true,
  );
  return has ? campaign : null;
}

/** What a campaign payment is checked against. */
export interface CampaignPayment {
  db: Db;
  brand: LoadedBrand;
  gateway: PaymentGateway;
  locale: keyof CardCampaign['name'];
  /** The six digits the person gave (pessoa.bin). */
  bin: string | null;
}

/**
 * Refuses (`error.cardCampaignCard`) a payment of a campaign order by another method than the
 * card, or with a card other than the one the person gave: the gateway tells the token's first
 * six digits. Orders without a campaign product pass.
 */
export async function checkCampaignPayment(
  p: CampaignPayment,
  idmovimentacao: number,
  forma: FormaPagamento,
  cartao: CartaoToken | null,
): Promise<void> {
  const campaign = await campaignOfOrder(p.db, p.brand, idmovimentacao);
  if (!campaign) return;
  const bin =
    forma === 'cartao' && cartao && p.gateway.cardBin
      ? await p.gateway.cardBin(cartao.token)
      : null;
  if (bin === null || bin !== p.bin || !binInCampaign(campaign, bin)) {
    refuse('error.cardCampaignCard', { campanha: campaign.name[p.locale], bin: p.bin ?? '—' });
  }
}
