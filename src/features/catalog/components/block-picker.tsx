import { LoadingState } from '#src/components/loading-state.tsx';
import { lazyStyled } from '#src/lib/style-system.tsx';

/**
 * The blocks (sectors) of a session as a radio group (Chakra components, block-picker-view.tsx):
 * shown once a time is picked, so their code and the style system load then.
 */
export const BlockPicker = lazyStyled(
  () => import('./block-picker-view').then((m) => m.BlockPickerView),
  <LoadingState minH="16" />,
);
