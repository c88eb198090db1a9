import { Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CarrinhoItem } from '#schemas/contract.ts';
import { ErrorAlert } from '#src/components/error-alert.tsx';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { formatMoney, toCents, toReais } from '#src/lib/money.ts';
import type { CancelPurchaseHandle } from '../hooks/use-cancel-purchase';

/**
 * Cancelling paid tickets of an order (spec §1, §4): "Cancel tickets" lets the buyer tick the
 * tickets the brand's rules allow (OrderItems shows the checkboxes), then "Cancel N tickets"
 * asks to confirm with what will be given back; the server answers `{ aguarde }` and the
 * tickets show "cancellation pending confirmation" until the refund is confirmed. A refusal
 * says 'Erro no cancelamento, por favor entre em contato com o SAC.'. When no ticket may be
 * cancelled, why (the period is over, the session is too close).
 */
export function CancelPurchase({
  itens,
  cancel,
}: {
  itens: CarrinhoItem[];
  cancel: CancelPurchaseHandle;
}) {
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (cancel.done || cancel.failed) outcomeRef.current?.focus();
  }, [cancel.done, cancel.failed]);

  const cancellable = itens.filter((i) => i.tp_cancel === 'estornar');
  const chosen = cancellable.filter((i) => cancel.chosen.includes(i.iditem));
  const refund = toReais(chosen.reduce((sum, i) => sum + toCents(i.valor_estorno ?? 0), 0));
  const blocked = itens.find((i) => i.status === 'PA' && !i.cancelamento && i.cancel_motivo);
  const dismiss = () => {
    if (!cancel.busy) cancel.actor.send({ type: 'purchase.cancelDismissed' });
  };

  return (
    <Stack gap="3">
      {cancel.done || cancel.failed ? (
        <div ref={outcomeRef} tabIndex={-1} style={{ outline: 'none' }}>
          {cancel.done ? (
            <ErrorAlert
              status="info"
              testId="cancel-requested"
              message={<FormattedMessage id="orders.cancel.requested" />}
            />
          ) : (
            <ErrorAlert
              testId="cancel-error"
              message={<FormattedMessage id="error.cancellationFailed" />}
            />
          )}
        </div>
      ) : null}
      {cancel.choosing ? (
        <Stack gap="2">
          <Text fontSize="sm" data-testid="cancel-hint">
            <FormattedMessage id="orders.cancel.choose" />
          </Text>
          <Flex gap="3" wrap="wrap" direction={{ base: 'column', sm: 'row' }}>
            <Button
              colorPalette="red"
              size="sm"
              disabled={chosen.length === 0}
              onClick={() => cancel.actor.send({ type: 'purchase.cancelAsked' })}
              data-testid="cancel-chosen"
            >
              <FormattedMessage id="orders.cancel.chosen" values={{ n: chosen.length }} />
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => cancel.actor.send({ type: 'purchase.cancelClosed' })}
            >
              <FormattedMessage id="orders.cancel.keep" />
            </Button>
          </Flex>
        </Stack>
      ) : cancellable.length > 0 ? (
        <HStack>
          <Button
            variant="outline"
            colorPalette="red"
            size="sm"
            disabled={cancel.busy}
            onClick={() => cancel.actor.send({ type: 'purchase.cancel' })}
            data-testid="order-cancel-tickets"
          >
            <FormattedMessage id="orders.cancel.start" />
          </Button>
        </HStack>
      ) : null}
      {cancellable.length === 0 && blocked?.cancel_motivo ? (
        <Text fontSize="sm" color="fg.muted" data-testid="cancel-blocked">
          <FormattedMessage id={`orders.cancel.blocked.${blocked.cancel_motivo}`} />
        </Text>
      ) : null}
      <ModalFrame
        open={cancel.confirm || cancel.busy}
        onClose={dismiss}
        title={<FormattedMessage id="orders.cancel.title" values={{ n: chosen.length }} />}
        testId="cancel-purchase-confirmation"
        footer={
          <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
            <Button variant="outline" onClick={dismiss} disabled={cancel.busy}>
              <FormattedMessage id="orders.cancel.back" />
            </Button>
            <Button
              colorPalette="red"
              onClick={() => cancel.actor.send({ type: 'purchase.cancelConfirmed' })}
              loading={cancel.busy}
              data-testid="cancel-purchase-confirm"
            >
              <FormattedMessage id="orders.cancel.confirm" values={{ n: chosen.length }} />
            </Button>
          </HStack>
        }
      >
        <Stack gap="2">
          <Text>
            <FormattedMessage
              id="orders.cancel.body"
              values={{ n: chosen.length, valor: formatMoney(refund) }}
            />
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="orders.cancel.note" />
          </Text>
        </Stack>
      </ModalFrame>
    </Stack>
  );
}
