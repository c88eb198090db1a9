import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CarrinhoItem, CarrinhoResumo } from '#schemas/contract.ts';
import { priceLines } from '#schemas/price-lines.ts';
import { ApproxPrice } from '#src/components/approx-price.tsx';
import { PlainButton } from '#src/components/button-loader.tsx';
import { PaidInReaisNote } from '#src/components/paid-in-reais-note.tsx';
import { buttonLoaderLooks, columnLook, recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatDateTime } from '#src/lib/dates.ts';
import { formatMoney, toCents, toReais } from '#src/lib/money.ts';
import type { Charge } from '#src/lib/checkout/installments.ts';

const row = { display: 'flex', justifyContent: 'space-between' } as const;

/**
 * The items' parts as Chakra's components drew them (Stack, Flex, Heading, Text, Separator, the
 * outline button with its loading look): plain elements, so the checkout's first view shows
 * them without the style system (its server frame carries the set: src/app/page-wide-class-sets.ts).
 */
export const CART_ITEMS = defineClassSet('cart-items', (system) => ({
  list: columnLook('5'),
  session: recipeLook(system, 'heading', { size: 'md' }, { fontFamily: 'heading' }),
  when: { fontSize: 'sm', color: 'fg.muted' },
  lines: [columnLook('2'), { listStyleType: 'none', mt: '3' }],
  line: { ...row, alignItems: 'center', gap: '3', flexWrap: 'wrap' },
  product: { fontWeight: 'medium' },
  amounts: { display: 'flex', alignItems: 'center', gap: '3' },
  end: { textAlign: 'end' },
  amount: { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
  remove: recipeLook(system, 'button', { size: 'xs', variant: 'outline' }, { colorPalette: 'red' }),
  ...buttonLoaderLooks(system),
  separator: recipeLook(system, 'separator'),
  summary: [columnLook('1'), { fontSize: 'sm' }],
  summaryRow: row,
  discountRow: { ...row, color: 'green.700' },
  totalRow: { ...row, fontSize: 'lg', fontWeight: 'bold', pt: '1' },
  numeric: { fontVariantNumeric: 'tabular-nums' },
  small: { fontSize: 'sm' },
  saving: { fontSize: 'sm', color: 'green.700' },
  brandNote: { fontSize: 'xs', color: 'fg.muted', maxW: 'md' },
}));

type Classes = Record<keyof ReturnType<typeof CART_ITEMS.styles>, string>;

interface ProductLine {
  key: string;
  dscproduto: string;
  dsctipo: string;
  /**
   * What one ticket of the line costs as the event page sells it (fee included): its discounts,
   * option and interest are lines of the summary.
   */
  unit: number;
  items: CarrinhoItem[];
}

interface SessionGroup {
  idapresentacao: number;
  dscevento: string;
  dscapre: string;
  dthr_apresentacao: string;
  lines: ProductLine[];
}

/** The cart keeps one item per ticket; the view groups them by session, then by product. */
export function groupCart(items: CarrinhoItem[]): SessionGroup[] {
  const sessions = new Map<number, SessionGroup>();
  for (const item of items) {
    let s = sessions.get(item.idapresentacao);
    if (!s) {
      s = {
        idapresentacao: item.idapresentacao,
        dscevento: item.dscevento,
        dscapre: item.dscapre,
        dthr_apresentacao: item.dthr_apresentacao,
        lines: [],
      };
      sessions.set(item.idapresentacao, s);
    }
    // Tickets of a product priced alike share a line (a combo or a coupon may price some apart).
    const key = `${item.idproduto}:${item.total}:${item.valor_combo}:${item.valor_cupom}:${item.valor_garantia}`;
    let line = s.lines.find((l) => l.key === key);
    if (!line) {
      line = {
        key,
        dscproduto: item.dscproduto,
        dsctipo: item.dsctipo,
        unit: item.preco,
        items: [],
      };
      s.lines.push(line);
    }
    line.items.push(item);
  }
  return [...sessions.values()].sort((a, b) =>
    a.dthr_apresentacao.localeCompare(b.dthr_apresentacao),
  );
}

/**
 * The held items with their prices, a way to drop one unit, and the totals: the tickets at
 * their price, then each discount, the option, the delivery and the instalments' interest as
 * lines of their own (schemas/price-lines.ts), and the total the payment charges.
 */
export function CartItems({
  items,
  resumo,
  charge,
  removing,
  onRemove,
  disabled,
}: {
  items: CarrinhoItem[];
  resumo: CarrinhoResumo;
  /** What the payment charges with the method and instalments chosen (its interest, total). */
  charge?: Charge;
  removing: number[] | null;
  onRemove(iditens: number[]): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const classes = useClassSet(CART_ITEMS);
  const groups = groupCart(items);
  const lines = priceLines(items, resumo.entrega_valor, charge?.juros ?? 0);
  const total = charge?.total ?? resumo.valor;
  return (
    <div className={`chakra-stack ${classes.list}`}>
      {groups.map((g) => (
        <section key={g.idapresentacao} aria-label={g.dscevento} data-testid="cart-session">
          <h3 className={`chakra-heading ${classes.session}`}>{g.dscevento}</h3>
          <p className={classes.when}>
            {formatDateTime(g.dthr_apresentacao, intl.locale)} · {g.dscapre}
          </p>
          <ul className={`chakra-stack ${classes.lines}`}>
            {g.lines.map((line) => {
              const last = line.items[line.items.length - 1];
              const busy =
                removing !== null && last !== undefined && removing.includes(last.iditem);
              return (
                <li key={line.key} className={classes.line} data-testid="cart-line">
                  <div>
                    <p className={classes.product}>
                      <FormattedMessage
                        id="cart.lineQuantity"
                        values={{ qtd: line.items.length, produto: line.dscproduto }}
                      />
                    </p>
                    <p className={classes.when}>
                      {line.dsctipo} ·{' '}
                      <FormattedMessage
                        id="cart.unitPrice"
                        values={{ price: formatMoney(line.unit) }}
                      />
                    </p>
                    <LineNotes item={line.items[0]!} classes={classes} />
                  </div>
                  <div className={classes.amounts}>
                    <div className={classes.end}>
                      <p className={classes.amount}>
                        {formatMoney(toReais(toCents(line.unit) * line.items.length))}
                      </p>
                      <ApproxPrice reais={toReais(toCents(line.unit) * line.items.length)} />
                    </div>
                    <PlainButton
                      className={classes.remove}
                      loaderClasses={classes}
                      loading={busy}
                      disabled={disabled || (removing !== null && !busy)}
                      onClick={() => last && onRemove([last.iditem])}
                      aria-label={intl.formatMessage(
                        { id: 'cart.removeOneAria' },
                        { produto: line.dscproduto },
                      )}
                    >
                      <FormattedMessage id="cart.removeOne" />
                    </PlainButton>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <hr className={`chakra-separator ${classes.separator}`} />
      <div className={`chakra-stack ${classes.summary}`}>
        <SummaryRow
          classes={classes}
          label={
            <>
              <FormattedMessage id="cart.subtotal" />
              {lines.taxaCents > 0 ? (
                <>
                  {' '}
                  <FormattedMessage
                    id="product.feeIncluded"
                    values={{ taxa: formatMoney(toReais(lines.taxaCents)) }}
                  />
                </>
              ) : null}
            </>
          }
          value={toReais(lines.ingressosCents)}
          testId="cart-tickets"
        />
        {resumo.valor_garantia > 0 ? (
          <SummaryRow
            classes={classes}
            label={<FormattedMessage id="cart.refundable" />}
            value={resumo.valor_garantia}
            testId="cart-refundable"
          />
        ) : null}
        {resumo.entrega_valor > 0 ? (
          <SummaryRow
            classes={classes}
            label={<FormattedMessage id="cart.delivery" />}
            value={resumo.entrega_valor}
            testId="cart-delivery"
          />
        ) : null}
        {resumo.valor_combo > 0 ? (
          <SummaryRow
            classes={classes}
            label={<FormattedMessage id="cart.comboDiscount" />}
            value={resumo.valor_combo}
            discount
            testId="cart-combo"
          />
        ) : null}
        {resumo.valor_cupom > 0 ? (
          <SummaryRow
            classes={classes}
            label={<FormattedMessage id="cart.couponDiscount" values={{ code: resumo.cupom }} />}
            value={resumo.valor_cupom}
            discount
            testId="cart-coupon"
          />
        ) : null}
        {charge && lines.jurosCents > 0 ? (
          <SummaryRow
            classes={classes}
            label={<FormattedMessage id="cart.interest" values={{ n: charge.parcelas }} />}
            value={toReais(lines.jurosCents)}
            testId="cart-interest"
          />
        ) : null}
        <div className={classes.totalRow}>
          <p>
            <FormattedMessage id="cart.total" />
          </p>
          <div className={classes.end}>
            <p className={classes.numeric} data-testid="cart-total">
              {formatMoney(total)}
            </p>
            <ApproxPrice reais={total} data-testid="cart-total-approx" />
          </div>
        </div>
        <PaidInReaisNote />
      </div>
    </div>
  );
}

/** One line of the summary: what it is and its amount (a discount in green, with a minus). */
function SummaryRow({
  classes,
  label,
  value,
  discount = false,
  testId,
}: {
  classes: Classes;
  label: ReactNode;
  value: number;
  discount?: boolean;
  testId?: string;
}) {
  return (
    <div className={discount ? classes.discountRow : classes.summaryRow}>
      <p>{label}</p>
      <p className={classes.numeric} data-testid={testId}>
        {discount ? '−' : ''}
        {formatMoney(value)}
      </p>
    </div>
  );
}

/** What else a line's tickets carry: their combo, their coupon, the brand's note. */
function LineNotes({ item, classes }: { item: CarrinhoItem; classes: Classes }) {
  return (
    <>
      {item.valor_combo > 0 ? (
        <p className={classes.saving} data-testid="line-combo">
          <FormattedMessage
            id="cart.lineCombo"
            values={{ combo: item.combo, value: formatMoney(item.valor_combo) }}
          />
        </p>
      ) : null}
      {item.tem_cupom ? (
        <p className={classes.saving} data-testid="line-coupon">
          <FormattedMessage
            id="cart.lineCoupon"
            values={{ code: item.cupom, value: formatMoney(item.valor_cupom) }}
          />
        </p>
      ) : null}
      {item.valor_garantia > 0 ? (
        <p className={classes.small} data-testid="line-refundable">
          <FormattedMessage
            id="cart.lineRefundable"
            values={{ value: formatMoney(item.valor_garantia) }}
          />
        </p>
      ) : null}
      {item.entrega ? (
        <p className={classes.small} data-testid="line-delivery">
          <FormattedMessage id="cart.lineDelivery" />
        </p>
      ) : null}
      {item.msg_info_carrinho ? (
        <p className={classes.brandNote}>{item.msg_info_carrinho}</p>
      ) : null}
    </>
  );
}
