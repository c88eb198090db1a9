import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet } from '#src/lib/class-sets.tsx';

/**
 * The banner's parts as Chakra drew them (a Box, Stacks, Flexes, Texts, Buttons at size sm, a
 * Link, the categories' labels and checkboxes): a class set, so the banner (loaded when first
 * shown) needs none of Chakra's components nor their style resolution. In a module of its own:
 * every page carries its classes (src/app/page-wide-class-sets.ts) and the banner's code stays
 * out of the server's first chunk.
 */
export const CONSENT = defineClassSet('consent-banner', (system) => ({
  region: {
    position: 'fixed',
    zIndex: 'banner',
    bottom: { base: 'var(--sticky-bottom, 0px)', md: 'calc(var(--sticky-bottom, 0px) + 1rem)' },
    left: { base: '0', md: '4' },
    right: { base: '0', md: 'auto' },
    maxW: { md: 'md' },
    maxH: '80dvh',
    overflowY: 'auto',
    bg: 'bg',
    borderTopWidth: '1px',
    borderWidth: { md: '1px' },
    borderRadius: { md: 'xl' },
    shadow: 'lg',
    px: '4',
    // Compact on a phone, where it shares the screen with an event page's sticky bar.
    py: { base: '2', md: '3' },
  },
  stack: { display: 'flex', flexDirection: 'column', gap: { base: '1.5', md: '2' } },
  top: [
    { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
    { gap: '2', minH: { base: '7', md: '8' } },
  ],
  title: recipeLook(
    system,
    'text',
    {},
    { fontWeight: 'semibold', fontSize: { base: 'sm', md: 'md' } },
  ),
  customize: recipeLook(
    system,
    'button',
    { size: 'sm', variant: 'plain' },
    { px: '2', me: '-2', textDecoration: 'underline', h: { base: '7', md: '9' } },
  ),
  text: recipeLook(system, 'text', {}, { fontSize: { base: 'xs', md: 'sm' } }),
  policy: [system.getRecipeFn('link')({}), { fontWeight: 'medium' }],
  actions: [{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }, { gap: '2' }],
  save: recipeLook(system, 'button', { size: 'sm' }),
  keep: recipeLook(system, 'button', { size: 'sm', variant: 'ghost' }),
  accept: recipeLook(system, 'button', { size: 'sm' }, { px: '3', h: { base: '8', md: '9' } }),
  necessary: recipeLook(
    system,
    'button',
    { size: 'sm', variant: 'outline' },
    { px: '3', h: { base: '8', md: '9' } },
  ),
  category: { display: 'flex', gap: '2', alignItems: 'start', fontSize: 'sm' },
  box: { boxSize: '5', mt: '0.5', flexShrink: 0, accentColor: 'brand.solid' },
  label: recipeLook(system, 'text', {}, { fontWeight: 'medium', display: 'block' }),
  help: recipeLook(system, 'text', {}, { color: 'fg.muted', display: 'block' }),
}));
