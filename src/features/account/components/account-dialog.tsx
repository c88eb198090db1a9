import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useFirstFieldFocus } from '../../../lib/use-first-field-focus';

/**
 * The frame of the account modals (sign-up, agency sign-up, forgot password): sized to its
 * content (a long form scrolls inside), focus on the first field when it opens, closed by the
 * close button, Escape or a click outside.
 */
export function AccountDialog({
  open,
  onClose,
  title,
  testId,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const focus = useFirstFieldFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="md"
      scrollBehavior="inside"
      initialFocusEl={focus.initialFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content ref={focus.contentRef} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
