import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { formatMoney } from '#src/lib/money.ts';
import { useCheckout, useCheckoutActor } from '#src/lib/checkout/checkout-provider.tsx';
import { HoldCountdown } from '#src/components/countdown.tsx';

/**
 * The add-to-order modal (spec §2): the person comes back to tickets still held from an earlier
 * visit and adds more. Nothing is merged silently: the new tickets join that order only if the
 * person says so; otherwise the earlier order stays as it was, and one link opens it.
 */
export function AddToOrderModal({ onSeeOrder }: { onSeeOrder(): void }) {
  const actor = useCheckoutActor();
  const v = useCheckout();
  const earlier = v.earlier;
  return (
    <ModalFrame
      open={v.confirmAdd}
      onClose={() => actor.send({ type: 'cart.addDeclined' })}
      title={<FormattedMessage id="cart.addToOrder.title" />}
      testId="add-to-order"
      footer={
        <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
          <Button
            variant="ghost"
            onClick={() => {
              actor.send({ type: 'cart.addDeclined' });
              onSeeOrder();
            }}
            data-testid="add-to-order-see"
          >
            <FormattedMessage id="cart.addToOrder.see" />
          </Button>
          <Button
            onClick={() => actor.send({ type: 'cart.addConfirmed' })}
            data-testid="add-to-order-confirm"
          >
            <FormattedMessage id="cart.addToOrder.confirm" />
          </Button>
        </HStack>
      }
    >
      <Stack gap="4">
        <Text>
          <FormattedMessage
            id="cart.addToOrder.body"
            values={{ count: earlier?.qtd ?? 0, total: formatMoney(earlier?.total ?? 0) }}
          />
        </Text>
        <HoldCountdown />
      </Stack>
    </ModalFrame>
  );
}
