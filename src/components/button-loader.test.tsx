import { Button, ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClassSetRegistry, defineClassSet } from '#src/lib/class-sets.tsx';
import { settledSource } from '#src/lib/style-system.tsx';
import { styleSystemOf } from '#src/lib/style-system-load.tsx';
import { serverCache, testSystem as system } from '#src/lib/style-system-testing.tsx';
import { ButtonLoader } from './button-loader';
import { buttonLoaderLooks } from './plain-part-styles';

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
