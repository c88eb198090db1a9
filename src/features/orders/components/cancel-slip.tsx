import { Button, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { usePathFor } from '#src/lib/use-path-for.ts';
import type { CancelSlipHandle } from '../hooks/use-cancel-slip';

/**
 * "Cancel the slip" of an order awaiting its bank slip (spec §4 "Bank slip"): asked first,
 * then the outcome said out loud: back in the cart (with the way to the checkout) or the order
 * cancelled; a refusal (a slip already paid) with its reason.
 */
export function CancelSlip({ slip }: { slip: CancelSlipHandle }) {
  const to = usePathFor();
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The button goes with the slip: the focus moves to what happened.
  useEffect(() => {
    if (slip.done || slip.failed) outcomeRef.current?.focus();
  }, [slip.done, slip.failed]);

  const dismiss = () => {
    if (!slip.busy) slip.actor.send({ type: 'slip.cancelDismissed' });
  };
  return (
    <Stack gap="3">
      {slip.done ? (
        <Stack gap="3" ref={outcomeRef} tabIndex={-1} outline="none">
          <ErrorAlert
            status="success"
            testId="slip-cancelled"
            message={
              <FormattedMessage
                id={slip.toCart ? 'orders.slipCancelledToCart' : 'orders.slipCancelled'}
              />
            }
          />
          {slip.toCart ? (
            <HStack>
              <Button asChild size="sm">
                <RouterLink to={to('Checkout')} data-testid="slip-cancelled-checkout">
                  <FormattedMessage id="orders.goToCheckout" />
                </RouterLink>
              </Button>
            </HStack>
          ) : null}
        </Stack>
      ) : (
        <>
          {slip.failed ? (
            <div ref={outcomeRef} tabIndex={-1} style={{ outline: 'none' }}>
              <ErrorAlert
                message={<ErrorMessage error={slip.error} />}
                testId="slip-cancel-error"
              />
            </div>
          ) : null}
          <HStack>
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={() => slip.actor.send({ type: 'slip.cancel' })}
              disabled={slip.busy}
              data-testid="order-cancel-slip"
            >
              <FormattedMessage id="orders.cancelSlip" />
            </Button>
          </HStack>
        </>
      )}
      <ModalFrame
        open={slip.confirm || slip.busy}
        onClose={dismiss}
        title={<FormattedMessage id="orders.cancelSlipTitle" />}
        testId="cancel-slip-confirmation"
        footer={
          <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
            <Button variant="outline" onClick={dismiss} disabled={slip.busy}>
              <FormattedMessage id="orders.cancelSlipKeep" />
            </Button>
            <Button
              colorPalette="red"
              onClick={() => slip.actor.send({ type: 'slip.cancelConfirmed' })}
              loading={slip.busy}
              data-testid="cancel-slip-confirm"
            >
              <FormattedMessage id="orders.cancelSlipConfirm" />
            </Button>
          </HStack>
        }
      >
        <FormattedMessage id="orders.cancelSlipBody" />
      </ModalFrame>
    </Stack>
  );
}
