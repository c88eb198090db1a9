import {
  DataList as ChakraDataList,
  Dialog as ChakraDialog,
  EmptyState as ChakraEmptyState,
  Field as ChakraField,
  Menu as ChakraMenu,
  NativeSelect as ChakraNativeSelect,
  ChakraProvider,
  createSystem,
  Input,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import {
  dataListSlotRecipe,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
} from '@chakra-ui/react/theme';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { brandSystemConfigs, createBrandSystem } from '#src/lib/brand-system.ts';
import { DataList } from './data-list';
import { Dialog } from './dialog';
import { EmptyState } from './empty-state';
import { Field } from './field';
import { Menu } from './menu';
import { NativeSelect } from './native-select';

const theme = {
  colors: { primary: '#0b3d91', secondary: '#f2a900', tertiary: '#c8102e', quaternary: '#ffffff' },
  font: { heading: 'serif', body: 'sans-serif' },
};

/** The system as it was: the same brand, with the recipes in its config. */
const withRecipesInSystem = createSystem(
  mergeConfigs(...brandSystemConfigs(theme), {
    theme: {
      slotRecipes: {
        dataList: dataListSlotRecipe,
        dialog: dialogSlotRecipe,
        emptyState: emptyStateSlotRecipe,
        field: fieldSlotRecipe,
        menu: menuSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
      },
    },
  }),
);
const shopSystem = createBrandSystem(theme);

/** The page's HTML and the CSS emotion wrote for it, rendered as the server renders. */
function render(system: SystemContext, node: ReactNode): { html: string; css: string } {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{node}</ChakraProvider>
    </CacheProvider>,
  );
  const { styles } = createEmotionServer(cache).extractCriticalToChunks(html);
  return { html, css: styles.map((s) => s.css).join('\n') };
}

// Each case renders one tree twice: with Chakra's component and the recipe in the system (as
// before), and with the shop's wrapper and the shop's system (without the recipe).
const cases: Record<string, (before: boolean) => ReactNode> = {
  dialog: (before) => {
    const D = before ? ChakraDialog : Dialog;
    return (
      <D.Root open placement="center" size="lg" scrollBehavior="inside">
        <D.Backdrop />
        <D.Positioner>
          <D.Content colorPalette="accent">
            <D.Header>
              <D.Title>t</D.Title>
            </D.Header>
            <D.Body>b</D.Body>
            <D.Footer>f</D.Footer>
            <D.CloseTrigger>x</D.CloseTrigger>
          </D.Content>
        </D.Positioner>
      </D.Root>
    );
  },
  menu: (before) => {
    const M = before ? ChakraMenu : Menu;
    return (
      <M.Root open>
        <M.Trigger>m</M.Trigger>
        <M.Positioner>
          <M.Content>
            <M.Item value="a">a</M.Item>
            <M.Separator />
            <M.Item value="b">b</M.Item>
          </M.Content>
        </M.Positioner>
      </M.Root>
    );
  },
  emptyState: (before) => {
    const E = before ? ChakraEmptyState : EmptyState;
    return (
      <E.Root size="lg" bg="bg">
        <E.Content>
          <E.Title>t</E.Title>
          <E.Description>d</E.Description>
        </E.Content>
      </E.Root>
    );
  },
  dataList: (before) => {
    const L = before ? ChakraDataList : DataList;
    return (
      <L.Root orientation="horizontal" size="sm">
        <L.Item>
          <L.ItemLabel>l</L.ItemLabel>
          <L.ItemValue>v</L.ItemValue>
        </L.Item>
      </L.Root>
    );
  },
  field: (before) => {
    const F = before ? ChakraField : Field;
    return (
      <F.Root required invalid>
        <F.Label>
          l<F.RequiredIndicator />
        </F.Label>
        <Input />
        <F.HelperText>h</F.HelperText>
        <F.ErrorText>e</F.ErrorText>
      </F.Root>
    );
  },
  nativeSelect: (before) => {
    const S = before ? ChakraNativeSelect : NativeSelect;
    return (
      <S.Root size="sm" disabled>
        <S.Field>
          <option value="1">1</option>
        </S.Field>
        <S.Indicator />
      </S.Root>
    );
  },
};

describe('components that bring their recipe (with-recipe.tsx)', () => {
  const moved = Object.keys(withRecipesInSystem._config.theme?.slotRecipes ?? {}).filter(
    (key) => !shopSystem.isSlotRecipe(key),
  );

  it('the shop system leaves their recipes out', () => {
    expect(moved.sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.entries(cases))(
    '%s renders the same HTML and CSS as a system recipe',
    (_, tree) => {
      const before = render(withRecipesInSystem, tree(true));
      const after = render(shopSystem, tree(false));
      // Styled at all: without the wrapper's recipe, the same tree has fewer rules.
      expect(render(shopSystem, tree(true)).css.length).toBeLessThan(before.css.length);
      expect(after.html).toBe(before.html);
      expect(after.css).toBe(before.css);
    },
  );
});
