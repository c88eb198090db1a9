import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Movimentacao } from '#schemas/contract.ts';
import { PixCode, SlipCode, SlipLink } from '#src/components/payment-codes.tsx';
import { formatMoney } from '#src/lib/money.ts';
import type { CancelSlipHandle } from '../hooks/use-cancel-slip';
import { CancelSlip } from './cancel-slip';

/**
 * What the buyer must still do for an order awaiting payment (AP): pay the bank slip (its line
 * to copy and the printable slip; or cancel it), pay the Pix code (copy-and-paste and QR code),
 * or wait for the card issuer's review. The tickets are issued once the payment is confirmed.
 * Once its slip is cancelled here, the heading says so instead of what is left to pay.
 */
export function PendingPayment({
  order,
  slip,
  slipUrl,
}: {
  order: Movimentacao;
  slip: CancelSlipHandle;
  /** The printable slip of the order's tickets, when the pending payment's own is unknown. */
  slipUrl: string | undefined;
}) {
  const headingId = useId();
  const pending = order.pagamento_pendente;
  const boleto = pending?.boleto;
  const pix = pending?.pix;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="border.warning"
      bg="bg.warning"
      borderRadius="md"
      p="4"
      data-testid="order-pending"
    >
      <Stack gap="4">
        <Heading as="h3" size="sm" id={headingId} data-testid="order-pending-title">
          <FormattedMessage
            id={
              pix
                ? 'orders.pending.pixTitle'
                : boleto || slipUrl
                  ? slip.done
                    ? 'orders.pending.slipCancelledTitle'
                    : 'orders.pending.slipTitle'
                  : 'orders.pending.cardTitle'
            }
            values={{ total: formatMoney(pix?.valor ?? boleto?.valor ?? order.total) }}
          />
        </Heading>
        {slip.done ? null : (
          <>
            {pix ? <PixCode pix={pix} /> : null}
            {boleto ? <SlipCode boleto={boleto} /> : null}
            {boleto || slipUrl ? (
              <Box>
                <SlipLink url={boleto?.boleto_url ?? slipUrl ?? ''} testId="order-slip" />
              </Box>
            ) : null}
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage
                id={
                  pix
                    ? 'orders.pending.pixNote'
                    : boleto || slipUrl
                      ? 'orders.pending.slipNote'
                      : 'orders.pending.cardNote'
                }
              />
            </Text>
          </>
        )}
        {boleto || slipUrl ? <CancelSlip slip={slip} /> : null}
      </Stack>
    </Box>
  );
}
