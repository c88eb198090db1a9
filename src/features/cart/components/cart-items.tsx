import { Box, Button, Flex, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CarrinhoItem, CarrinhoResumo } from '../../../../schemas/contract';
import { ApproxPrice } from '../../../components/approx-price';
import { PaidInReaisNote } from '../../../components/paid-in-reais-note';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney, toCents, toReais } from '../../../lib/money';

interface ProductLine {
  key: string;
  dscproduto: string;
  dsctipo: string;
  /** What one ticket of the line costs, fee included, after its discounts. */
  unit: number;
  /** The same before discounts (equal to `unit` when there are none). */
  listUnit: number;
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
        unit: item.total,
        // What the ticket would cost without its discounts (the refundable option is no
        // discount: it is in both).
        listUnit: toReais(
          toCents(item.valor_sem_desconto) + toCents(item.taxa) + toCents(item.valor_garantia),
        ),
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

/** The held items with their prices, a way to drop one unit, and the totals. */
export function CartItems({
  items,
  resumo,
  removing,
  onRemove,
  disabled,
}: {
  items: CarrinhoItem[];
  resumo: CarrinhoResumo;
  removing: number[] | null;
  onRemove(iditens: number[]): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const groups = groupCart(items);
  return (
    <Stack gap="5">
      {groups.map((g) => (
        <Box
          as="section"
          key={g.idapresentacao}
          aria-label={g.dscevento}
          data-testid="cart-session"
        >
          <Heading as="h3" size="md" fontFamily="heading">
            {g.dscevento}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(g.dthr_apresentacao, intl.locale)} · {g.dscapre}
          </Text>
          <Stack as="ul" listStyleType="none" mt="3" gap="2">
            {g.lines.map((line) => {
              const last = line.items[line.items.length - 1];
              const busy =
                removing !== null && last !== undefined && removing.includes(last.iditem);
              return (
                <Flex
                  as="li"
                  key={line.key}
                  justify="space-between"
                  align="center"
                  gap="3"
                  wrap="wrap"
                  data-testid="cart-line"
                >
                  <Box>
                    <Text fontWeight="medium">
                      <FormattedMessage
                        id="cart.lineQuantity"
                        values={{ qtd: line.items.length, produto: line.dscproduto }}
                      />
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {line.dsctipo} ·{' '}
                      <FormattedMessage
                        id="cart.unitPrice"
                        values={{ price: formatMoney(line.unit) }}
                      />
                      {line.listUnit !== line.unit ? (
                        <>
                          {' · '}
                          <FormattedMessage
                            id="cart.wasPrice"
                            values={{
                              price: <s key="was">{formatMoney(line.listUnit)}</s>,
                            }}
                          />
                        </>
                      ) : null}
                    </Text>
                    <LineNotes item={line.items[0]!} />
                  </Box>
                  <Flex align="center" gap="3">
                    <Box textAlign="end">
                      <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                        {formatMoney(line.unit * line.items.length)}
                      </Text>
                      <ApproxPrice reais={line.unit * line.items.length} />
                    </Box>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      loading={busy}
                      disabled={disabled || (removing !== null && !busy)}
                      onClick={() => last && onRemove([last.iditem])}
                      aria-label={intl.formatMessage(
                        { id: 'cart.removeOneAria' },
                        { produto: line.dscproduto },
                      )}
                    >
                      <FormattedMessage id="cart.removeOne" />
                    </Button>
                  </Flex>
                </Flex>
              );
            })}
          </Stack>
        </Box>
      ))}
      <Separator />
      <Stack gap="1" fontSize="sm">
        <SummaryRow label={<FormattedMessage id="cart.subtotal" />} value={resumo.subtotal} />
        <SummaryRow label={<FormattedMessage id="cart.fees" />} value={resumo.valor_taxa} />
        {resumo.valor_garantia > 0 ? (
          <SummaryRow
            label={<FormattedMessage id="cart.refundable" />}
            value={resumo.valor_garantia}
            testId="cart-refundable"
          />
        ) : null}
        {resumo.entrega_valor > 0 ? (
          <SummaryRow
            label={<FormattedMessage id="cart.delivery" />}
            value={resumo.entrega_valor}
            testId="cart-delivery"
          />
        ) : null}
        {resumo.valor_combo > 0 ? (
          <SummaryRow
            label={<FormattedMessage id="cart.comboDiscount" />}
            value={resumo.valor_combo}
            discount
            testId="cart-combo"
          />
        ) : null}
        {resumo.valor_cupom > 0 ? (
          <SummaryRow
            label={<FormattedMessage id="cart.couponDiscount" values={{ code: resumo.cupom }} />}
            value={resumo.valor_cupom}
            discount
            testId="cart-coupon"
          />
        ) : null}
        <Flex justify="space-between" fontSize="lg" fontWeight="bold" pt="1">
          <Text>
            <FormattedMessage id="cart.total" />
          </Text>
          <Box textAlign="end">
            <Text fontVariantNumeric="tabular-nums" data-testid="cart-total">
              {formatMoney(resumo.valor)}
            </Text>
            <ApproxPrice reais={resumo.valor} data-testid="cart-total-approx" />
          </Box>
        </Flex>
        <PaidInReaisNote />
      </Stack>
    </Stack>
  );
}

/** One line of the summary: what it is and its amount (a discount in green, with a minus). */
function SummaryRow({
  label,
  value,
  discount = false,
  testId,
}: {
  label: ReactNode;
  value: number;
  discount?: boolean;
  testId?: string;
}) {
  return (
    <Flex justify="space-between" color={discount ? 'green.700' : undefined}>
      <Text>{label}</Text>
      <Text fontVariantNumeric="tabular-nums" data-testid={testId}>
        {discount ? '−' : ''}
        {formatMoney(value)}
      </Text>
    </Flex>
  );
}

/** What else a line's tickets carry: their combo, their coupon, the brand's note. */
function LineNotes({ item }: { item: CarrinhoItem }) {
  return (
    <>
      {item.valor_combo > 0 ? (
        <Text fontSize="sm" color="green.700" data-testid="line-combo">
          <FormattedMessage
            id="cart.lineCombo"
            values={{ combo: item.combo, value: formatMoney(item.valor_combo) }}
          />
        </Text>
      ) : null}
      {item.tem_cupom ? (
        <Text fontSize="sm" color="green.700" data-testid="line-coupon">
          <FormattedMessage
            id="cart.lineCoupon"
            values={{ code: item.cupom, value: formatMoney(item.valor_cupom) }}
          />
        </Text>
      ) : null}
      {item.valor_garantia > 0 ? (
        <Text fontSize="sm" data-testid="line-refundable">
          <FormattedMessage
            id="cart.lineRefundable"
            values={{ value: formatMoney(item.valor_garantia) }}
          />
        </Text>
      ) : null}
      {item.entrega ? (
        <Text fontSize="sm" data-testid="line-delivery">
          <FormattedMessage id="cart.lineDelivery" />
        </Text>
      ) : null}
      {item.msg_info_carrinho ? (
        <Text fontSize="xs" color="fg.muted" maxW="md">
          {item.msg_info_carrinho}
        </Text>
      ) : null}
    </>
  );
}
