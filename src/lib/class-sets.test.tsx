import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Button, ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pickButtonStyles } from '../features/catalog/components/date-picker-row';
import { createBrandSystem } from './brand-system';
import { ClassSetRegistry, ClassSetsProvider, defineClassSet, useClassSet } from './class-sets';

const system = createBrandSystem({
  colors: { primary: '#0b3d91', secondary: '#f2a900', tertiary: '#c8102e', quaternary: '#ffffff' },
  font: { heading: 'serif', body: 'sans-serif' },
});
const serverCache = () => {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
};
const OWN = { flexDirection: 'column', h: 'auto', py: '2', gap: '0' } as const;

describe('class sets', () => {
  it("give a plain element the class Chakra gives the component it stands for (Button's looks)", () => {
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
    const classes = new ClassSetRegistry(system, serverCache()).classesOf(set);
    expect(classes).toEqual({ picked: solid, unpicked: outline });
    expect(solid).not.toBe(outline);
  });

  it('go into emotion’s cache on the server, with every class the page may apply', () => {
    const cache = serverCache();
    const registry = new ClassSetRegistry(system, cache);
    const set = defineClassSet('test-looks', { on: { color: 'red.600' }, off: { opacity: 0.5 } });
    function Part() {
      const classes = useClassSet(set);
      return <span className={classes.off}>x</span>;
    }
    const html = renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <ClassSetsProvider registry={registry}>
            <Part />
          </ClassSetsProvider>
        </ChakraProvider>
      </CacheProvider>,
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

  it("take the page's classes in the browser without resolving a style, and resolve others once", () => {
    let resolved = 0;
    const onPage = defineClassSet('test-on-page', () => {
      throw new Error('resolved a set the page carries');
    });
    const notOnPage = defineClassSet('test-not-on-page', () => {
      resolved++;
      return { a: { color: 'blue.600' } };
    });
    const registry = new ClassSetRegistry(system, serverCache(), {
      'test-on-page': { a: 'css-fromserver' },
    });
    expect(registry.classesOf(onPage)).toEqual({ a: 'css-fromserver' });
    const first = registry.classesOf(notOnPage);
    expect(registry.classesOf(notOnPage)).toBe(first);
    expect(first.a).toMatch(/^css-[\w-]+$/);
    expect(resolved).toBe(1);
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
