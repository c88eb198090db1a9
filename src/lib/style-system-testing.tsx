import createCache from '@emotion/cache';
import { prerenderToNodeStream } from 'react-dom/static';
import { createBrandSystem } from './brand-system';
import { settledSource } from './style-system';
import { styleSystemOf } from './style-system-load';

// What the style system's unit tests share (class-sets, style-system, button-loader): a brand's
// system, the server's emotion cache and renderer. Test code only: nothing else imports it.

export const testSystem = createBrandSystem({
  colors: { primary: '#0b3d91', secondary: '#f2a900', tertiary: '#c8102e', quaternary: '#ffffff' },
  font: { heading: 'serif', body: 'sans-serif' },
});

/** Emotion's cache as the server's renderer makes it ("compat": rules kept, not written inline). */
export function serverCache() {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
}

/** The server's source: the system is there before rendering. */
export const serverSource = (cache = serverCache()) =>
  settledSource(styleSystemOf(testSystem, cache));

/** Renders the whole tree, waiting for what suspends (as the server's renderer does). */
export async function renderAll(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
