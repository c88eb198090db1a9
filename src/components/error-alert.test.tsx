import { Alert, ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ClassSetRegistry, ClassSetsProvider } from '#src/lib/class-sets.tsx';
import { settledSource } from '#src/lib/style-system.tsx';
import { styleSystemOf } from '#src/lib/style-system-load.tsx';
import { serverCache, testSystem as system } from '#src/lib/style-system-testing.tsx';
import { AlertBox } from './error-alert';

/** The markup without the icon (Chakra's icon has its fill and stroke as styles, ours as attributes). */
const withoutIcon = (html: string) => html.replace(/<svg[\s\S]*?<\/svg>/, '<svg/>');

describe('AlertBox', () => {
  for (const [status, size] of [
    ['error', 'md'],
    ['warning', 'md'],
    ['info', 'md'],
    ['success', 'md'],
    ['info', 'sm'],
  ] as const) {
    it(`draws Chakra's Alert (${status}, ${size}): the same elements with the same classes`, () => {
      const chakra = renderToString(
        <CacheProvider value={serverCache()}>
          <ChakraProvider value={system}>
            <Alert.Root status={status} size={size} alignItems="center">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>Text</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          </ChakraProvider>
        </CacheProvider>,
      );
      const loaded = styleSystemOf(system, serverCache());
      const plain = renderToString(
        <IntlProvider locale="pt-BR">
          <ClassSetsProvider registry={new ClassSetRegistry(settledSource(loaded))}>
            <AlertBox status={status} size={size}>
              Text
            </AlertBox>
          </ClassSetsProvider>
        </IntlProvider>,
      );
      expect(withoutIcon(plain)).toBe(withoutIcon(chakra));
      expect(chakra).toContain('chakra-alert__description');
    });
  }
});
