import { CloseButton, Portal } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from './dialog';

export interface ModalFrameProps {
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
}

/** The dialog of ./modal-frame.tsx, whose code comes with its first opening. */
export function ModalFrameDialog({
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
}: ModalFrameProps) {
  const intl = useIntl();
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
