/**
 * What the storefront is given of an issued bank slip or Pix charge, made from the stored
 * payment (so a repeated idempotency key answers exactly the same).
 */
import { renderSVG } from 'uqr';
import type { BoletoEmitido, PixEmitido } from '#schemas/contract.ts';
import { toReais } from '#server/catalog/lookup.ts';
import type { pagamento } from '#server/db/schema.ts';
import { formatLinha, linhaDigitavel } from './methods/boleto';

type PagamentoRow = typeof pagamento.$inferSelect;

/** URL path of the printable slip with this token. */
export const boletoUrl = (token: string): string => `/payments/boleto/${token}`;

/** The slip of a pending bank-slip payment. */
export function issuedBoleto(p: PagamentoRow): BoletoEmitido {
  const barcode = p.boletoBarcode ?? '';
  const linha = linhaDigitavel(barcode);
  return {
    linha_digitavel: linha,
    linha_formatada: formatLinha(linha),
    codigo_barras: barcode,
    vencimento: p.boletoVencimento ?? '',
    expira_em: (p.expiraEm ?? new Date(0)).toISOString(),
    valor: toReais(p.valorCents),
    boleto_url: boletoUrl(p.documentoToken ?? ''),
  };
}

/** A QR code (error correction M, four-module quiet zone) of `text` as an SVG data URL. */
export function qrDataUrl(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The Pix charge of a pending Pix payment. */
export function issuedPix(p: PagamentoRow): PixEmitido {
  const payload = p.pixPayload ?? '';
  return {
    copia_e_cola: payload,
    qrcode: qrDataUrl(payload),
    expira_em: (p.expiraEm ?? new Date(0)).toISOString(),
    valor: toReais(p.valorCents),
  };
}
