import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Button, ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickButtonStyles } from '#src/features/catalog/components/date-picker-row.tsx';
import { ClassSetRegistry, ClassSetsProvider, defineClassSet, useClassSet } from './class-sets';
import { lazySource } from './style-system';
import { styleSystemOf } from './style-system-load';
import { renderAll, serverCache, serverSource, testSystem as system } from './style-system-testing';

const OWN = { flexDirection: 'column', h: 'auto', py: '2', gap: '0' } as const;

describe('class sets', () => {
  it("give a plain element the class Chakra gives the component it stands for (Button's looks)", async () => {
    const cache = serverCache();
    const html = renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <Button variant="solid" {...OWN}>
            a
          </Button>
          <Button variant="outline" {...OWN}>
            b
          </Button>
        </ChakraProvider>
      </CacheProvider>,
    );
    const [solid, outline] = [...html.matchAll(/class="chakra-button (css-[\w-]+)"/g)].map(
      (m) => m[1],
    );
    const set = defineClassSet('test-buttons', (s) => pickButtonStyles(s, OWN));
    const source = serverSource();
    const classes = new ClassSetRegistry(source).resolve(set, await source);
    expect(classes).toEqual({ picked: solid, unpicked: outline });
    expect(solid).not.toBe(outline);
  });

  it('go into emotion’s cache on the server, with every class the page may apply', () => {
    const cache = serverCache();
    const registry = new ClassSetRegistry(serverSource(cache));
    const set = defineClassSet('test-looks', { on: { color: 'red.600' }, off: { opacity: 0.5 } });
    function Part() {
      const classes = useClassSet(set);
      return <span className={classes.off}>x</span>;
    }
    // No Chakra provider: a plain element needs none, only the page's style system.
    const html = renderToString(
      <ClassSetsProvider registry={registry}>
        <Part />
      </ClassSetsProvider>,
    );
    const classes = registry.toJSON()['test-looks'];
    expect(html).toContain(`class="${classes?.off}"`);
    expect(registry.classNames().sort()).toEqual([classes?.on, classes?.off].sort());
    // The page names `off` only; its styles take `on` too when told the sets' classes.
    const styles = createEmotionServer(cache).extractCriticalToChunks(
      `${html}\n${registry.classNames().join(' ')}`,
    );
    const css = styles.styles.map((s) => s.css).join('\n');
    expect(css).toContain(`.${classes?.on}{color:var(--chakra-colors-red-600);}`);
    expect(css).toContain(`.${classes?.off}{opacity:0.5;}`);
  });

  it("take the page's classes in the browser without loading the style system", async () => {
    let loads = 0;
    let resolved = 0;
    const source = lazySource(async () => {
      loads++;
      return styleSystemOf(system, serverCache());
    });
    const onPage = defineClassSet<'a'>('test-on-page', () => {
      throw new Error('resolved a set the page carries');
    });
    const notOnPage = defineClassSet('test-not-on-page', () => {
      resolved++;
      return { a: { color: 'blue.600' } };
    });
    const registry = new ClassSetRegistry(source, { 'test-on-page': { a: 'css-fromserver' } });
    function Part({ set }: { set: typeof onPage }) {
      return <span className={useClassSet(set).a}>x</span>;
    }
    const page = (set: typeof onPage) => (
      <ClassSetsProvider registry={registry}>
        <Suspense fallback="waiting">
          <Part set={set} />
        </Suspense>
      </ClassSetsProvider>
    );
    expect(await renderAll(page(onPage))).toContain('class="css-fromserver"');
    expect(loads).toBe(0);
    // A set the page did not carry waits for the system (loaded then, once) and is resolved once.
    const html = await renderAll(page(notOnPage));
    const first = registry.known(notOnPage);
    expect(first?.a).toMatch(/^css-[\w-]+$/);
    expect(html).toContain(`class="${first?.a}"`);
    expect(await renderAll(page(notOnPage))).toContain(`class="${first?.a}"`);
    expect(registry.known(notOnPage)).toBe(first);
    expect([loads, resolved]).toEqual([1, 1]);
  });

  it('have names of their own across the storefront', () => {
    const names: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          for (const m of text.matchAll(/defineClassSet(?:<[^>]*>)?\(\s*'([^']+)'/g)) {
            names.push(m[1] as string);
          }
        }
      }
    };
    walk(join(import.meta.dirname, '..'));
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
