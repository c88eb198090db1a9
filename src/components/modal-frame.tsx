import { CloseButton, Portal } from '@chakra-ui/react';
import { type ReactNode, type RefObject, useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from './dialog';

/**
 * The frame every modal of the shop shares: centred, sized to its content (a long body scrolls
 * inside), a title, the body, an optional footer and the close button; closed by that button,
 * Escape or a click outside.
 */
export function ModalFrame({
  open,
  onClose,
  title,
  testId,
  children,
  footer,
  size = 'md',
  alert = false,
  initialFocusEl,
  contentRef,
  bodyRef,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** An urgent question that interrupts (role alertdialog), e.g. a hold about to run out. */
  alert?: boolean;
  /** Where the focus goes when it opens (default: the first focusable element). */
  initialFocusEl?: () => HTMLElement | null;
  contentRef?: RefObject<HTMLDivElement | null>;
  bodyRef?: RefObject<HTMLDivElement | null>;
}) {
  const intl = useIntl();
  // A modal that has never been open renders nothing: its dialog (focus trap, dismiss layer,
  // portal) would cost every page that only might open it (the checkout has three). Once
  // opened it stays mounted, so its closing animation plays.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      role={alert ? 'alertdialog' : 'dialog'}
      size={size}
      scrollBehavior="inside"
      {...(initialFocusEl ? { initialFocusEl } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content ref={contentRef} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body ref={bodyRef} pb="6">
              {children}
            </Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
