import { useState } from 'react';
import { loadable, useLoadable } from '#src/lib/loadable.ts';
import { withAllTexts } from '#src/lib/locale.ts';
import type { ModalFrameProps } from './modal-frame-dialog';

export type { ModalFrameProps };

const modalFrameDialog = loadable(
  withAllTexts(() => import('./modal-frame-dialog').then((m) => m.ModalFrameDialog)),
);

/**
 * The frame every modal of the shop shares: centred, sized to its content (a long body scrolls
 * inside), a title, the body, an optional footer and the close button; closed by that button,
 * Escape or a click outside.
 *
 * A modal that has never been open renders nothing, and its dialog's code (Chakra's dialog,
 * focus trap, dismiss layer: ~40 KB gzip) is asked for when it first opens: pages that only
 * might open one (the checkout has three) neither run nor download it. Once opened it stays
 * mounted, so its closing animation plays.
 */
export function ModalFrame(props: ModalFrameProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  const Dialog = useLoadable(modalFrameDialog, opened);
  return Dialog ? <Dialog {...props} /> : null;
}
