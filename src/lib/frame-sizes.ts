// The page frame's sizes and ids the global styles (src/lib/brand-system.ts) state, in a module
// of their own: the frame's plain parts use them without the style system's code.

/**
 * The fixed chat-help button (src/app/layout/support-host.tsx): its element id (where the focus
 * returns when the support panel closes, and what the page's scroll padding keeps clear of while
 * the page has it) and the room it takes above the bars below it (its 3rem and a gap).
 */
export const CHAT_BUTTON_ID = 'chat-help-button';
export const CHAT_BUTTON_SPACE = '3.75rem';

/**
 * The sticky header's height as the page's CSS states it from the server's HTML on
 * (`--header-height`: two rows on a phone, one from `md`), so toasts, loading frames and scroll
 * targets use it before any script runs. The header still measures itself
 * (src/lib/use-published-height.ts) and sets the variable only when it differs (a brand's logo or
 * a long label making it taller): each set of a variable on the document restyles the whole
 * page, in the middle of hydration. A browser test checks these are the demo brand's heights.
 */
export const HEADER_HEIGHT = { base: '94px', md: '65px' } as const;
