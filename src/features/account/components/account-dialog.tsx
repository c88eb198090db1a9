import type { ReactNode } from 'react';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { useFirstFieldFocus } from '#src/lib/use-first-field-focus.ts';

/**
 * The frame of the account modals (sign-up, agency sign-up, forgot password): the shop's modal
 * frame with the focus on the first field when it opens.
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
  const focus = useFirstFieldFocus(open);
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      initialFocusEl={focus.initialFocusEl}
      contentRef={focus.contentRef}
    >
      {children}
    </ModalFrame>
  );
}
