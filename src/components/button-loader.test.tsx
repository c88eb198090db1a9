import { Button, ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createBrandSystem } from '../lib/brand-system';
import { ClassSetRegistry, defineClassSet } from '../lib/class-sets';
import { settledSource } from '../lib/style-system';
import { styleSystemOf } from '../lib/style-system-load';
import { ButtonLoader } from './button-loader';
import { buttonLoaderLooks } from './plain-part-styles';

const system = createBrandSystem({
  colors: { primary: '#0b3d91', secondary: '#f2a900', tertiary: '#c8102e', quaternary: '#ffffff' },
  font: { heading: 'serif', body: 'sans-serif' },
});
const serverCache = () => {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
};

describe('ButtonLoader', () => {
  it("draws Chakra's Button loading: the same elements with the same classes", () => {
    const chakra = renderToString(
      <CacheProvider value={serverCache()}>
        <ChakraProvider value={system}>
          <Button loading>Wait</Button>
        </ChakraProvider>
      </CacheProvider>,
    );
    const loaded = styleSystemOf(system, serverCache());
    const set = defineClassSet('test-loader', (s) => buttonLoaderLooks(s));
    const classes = new ClassSetRegistry(settledSource(loaded)).resolve(set, loaded);
    const plain = renderToString(<ButtonLoader classes={classes}>Wait</ButtonLoader>);
    // Chakra's button's content, as the plain button's.
    const content = /<button[^>]*>([\s\S]*)<\/button>/.exec(chakra)?.[1];
    expect(content).toBe(plain);
  });
});
