import { Button, ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { Suspense } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  lazySource,
  lazyStyled,
  StyleSystemProvider,
  type StyleSystemSource,
  settledSource,
  WithStyleSystem,
} from './style-system';
import { GlobalStyles, styleSystemOf } from './style-system-load';
import { renderAll, serverCache, testSystem as system } from './style-system-testing';

/** The page's styles as the server writes them: globals (`css-global`) and classes. */
function stylesOf(cache: ReturnType<typeof serverCache>, html: string) {
  return createEmotionServer(cache).extractCriticalToChunks(html).styles;
}

describe('the style system', () => {
  it('styles Chakra components inside WithStyleSystem as ChakraProvider does, without global styles', () => {
    const direct = serverCache();
    const expected = renderToString(
      <CacheProvider value={direct}>
        <ChakraProvider value={system}>
          <Button variant="outline">a</Button>
        </ChakraProvider>
      </CacheProvider>,
    );
    const cache = serverCache();
    const html = renderToString(
      <StyleSystemProvider source={settledSource(styleSystemOf(system, cache))}>
        <WithStyleSystem>
          <Button variant="outline">a</Button>
        </WithStyleSystem>
      </StyleSystemProvider>,
    );
    expect(html).toBe(expected);
    // ChakraProvider wrote the page's global styles; WithStyleSystem's provider writes none.
    expect(stylesOf(direct, expected).some((s) => s.key === 'css-global' && s.css)).toBe(true);
    expect(stylesOf(cache, html).filter((s) => s.key === 'css-global' && s.css)).toEqual([]);
  });

  it('writes the global styles apart, once (the server renders them before the page)', () => {
    const cache = serverCache();
    renderToStaticMarkup(<GlobalStyles system={system} cache={cache} />);
    const globals = stylesOf(cache, '').filter((s) => s.key === 'css-global' && s.css);
    const css = globals.map((s) => s.css).join('\n');
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('--chakra-colors-brand-500');
  });

  it('loads in the browser when first needed, once, and suspends what needs it meanwhile', async () => {
    let loads = 0;
    const source = lazySource(async () => {
      loads++;
      return styleSystemOf(system, serverCache());
    });
    expect(loads).toBe(0);
    const page = (
      <StyleSystemProvider source={source}>
        <Suspense fallback="waiting">
          <WithStyleSystem>
            <Button>b</Button>
          </WithStyleSystem>
        </Suspense>
      </StyleSystemProvider>
    );
    // What renders before it loads shows the fallback; the load has started.
    expect(renderToString(page)).toContain('waiting');
    expect(loads).toBe(1);
    expect(await renderAll(page)).toMatch(/class="chakra-button css-[\w-]+"/);
    source.start();
    expect([loads, source.status]).toEqual([1, 'fulfilled']);
  });

  it('rejects what waits on a failed load, and loads again on the next start', async () => {
    let attempt = 0;
    const source: StyleSystemSource = lazySource(async () => {
      attempt++;
      if (attempt === 1) throw new Error('offline');
      return styleSystemOf(system, serverCache());
    });
    await expect(Promise.resolve(source)).rejects.toThrow('offline');
    expect(source.status).toBe('rejected');
    source.start();
    await expect(Promise.resolve(source)).resolves.toHaveProperty('system', system);
    expect([attempt, source.status]).toEqual([2, 'fulfilled']);
  });

  it("renders a lazy Chakra part with the page's system (lazyStyled)", async () => {
    const Part = lazyStyled(async () => (props: { label: string }) => (
      <Button data-testid="part">{props.label}</Button>
    ));
    const html = await renderAll(
      <StyleSystemProvider source={settledSource(styleSystemOf(system, serverCache()))}>
        <Part label="go" />
      </StyleSystemProvider>,
    );
    expect(html).toMatch(/<button[^>]*class="chakra-button css-[\w-]+"[^>]*>go<\/button>/);
  });
});
