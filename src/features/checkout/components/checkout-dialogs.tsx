import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { HoldCountdown } from '#src/components/countdown.tsx';
import { type CheckoutView, useCheckoutActor } from '#src/lib/checkout/checkout-provider.tsx';

/**
 * The hold runs out soon (WCAG 2.2.1 Timing Adjustable): warned at least a minute before, with
 * one action for more time. Closing it keeps the countdown; the time left is in the dialog.
 */
export function ExpiryWarning({ view }: { view: CheckoutView }) {
  const actor = useCheckoutActor();
  const canExtend = view.extensionsLeft !== 0;
  return (
    <ModalFrame
      open={view.expiryWarning && !view.confirmCancel}
      alert
      onClose={() => actor.send({ type: 'cart.warningDismissed' })}
      title={<FormattedMessage id="checkout.expiryWarningTitle" />}
      testId="expiry-warning"
      footer={
        <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
          <Button variant="outline" onClick={() => actor.send({ type: 'cart.warningDismissed' })}>
            <FormattedMessage id="common.close" />
          </Button>
          {canExtend ? (
            <Button
              onClick={() => actor.send({ type: 'cart.extend' })}
              loading={view.extending}
              data-testid="extend-hold"
            >
              <FormattedMessage id="checkout.extendHold" />
            </Button>
          ) : null}
        </HStack>
      }
    >
      <Stack gap="4">
        <Text>
          <FormattedMessage
            id={canExtend ? 'checkout.expiryWarningBody' : 'checkout.expiryWarningNoMore'}
          />
        </Text>
        <HoldCountdown />
        {view.extensionError ? (
          <ErrorAlert message={<ErrorMessage error={view.extensionError} />} />
        ) : null}
      </Stack>
    </ModalFrame>
  );
}

/** "Cancel purchase" releases every held ticket: asked before it is done. */
export function CancelConfirmation({
  open,
  cancelling,
  count,
  onConfirm,
  onDismiss,
}: {
  open: boolean;
  cancelling: boolean;
  count: number;
  onConfirm(): void;
  onDismiss(): void;
}): ReactNode {
  return (
    <ModalFrame
      open={open}
      onClose={() => {
        if (!cancelling) onDismiss();
      }}
      title={<FormattedMessage id="checkout.cancelConfirmTitle" />}
      testId="cancel-confirmation"
      footer={
        <HStack gap="3" justify="flex-end" w="full" wrap="wrap">
          <Button variant="outline" onClick={onDismiss} disabled={cancelling}>
            <FormattedMessage id="checkout.cancelKeep" />
          </Button>
          <Button
            colorPalette="red"
            onClick={onConfirm}
            loading={cancelling}
            data-testid="cancel-confirm"
          >
            <FormattedMessage id="checkout.cancelConfirm" />
          </Button>
        </HStack>
      }
    >
      <FormattedMessage id="checkout.cancelConfirmBody" values={{ count }} />
    </ModalFrame>
  );
}
