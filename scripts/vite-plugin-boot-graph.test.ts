import { describe, expect, it } from 'vitest';
import {
  bootGraph,
  bootModules,
  bootStages,
  type GraphChunk,
  type PageChunk,
  pageGraph,
  pageGroups,
  type StageChunk,
} from './vite-plugin-boot-graph';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ fileName, isEntry: false, imports, dynamicImports, code: '' }) satisfies GraphChunk;

describe('bootGraph', () => {
  it('lists each dynamic import of the entry and what it imports, once, without the entry', () => {
    const entry = { ...chunk('index.js', [], ['client.js', 'main.js']), isEntry: true };
    const chunks = new Map(
      [
        entry,
        // Shared helpers live in the entry: a chunk importing it must not list it.
        chunk('client.js', ['react.js', 'index.js']),
        chunk('react.js'),
        chunk('main.js', ['react.js', 'router.js'], ['page.js']),
        chunk('router.js', ['react.js']),
        chunk('page.js', ['page-dep.js']),
      ].map((c) => [c.fileName, c]),
    );
    // The lazy page (a dynamic import of main) is not part of the boot.
    expect(bootGraph(entry, chunks)).toEqual(['client.js', 'react.js', 'main.js', 'router.js']);
  });
});

const stageChunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  dynamicImports: string[] = [],
) =>
  ({
    ...chunk(fileName, imports, dynamicImports),
    name: fileName.replace(/\.js$/, ''),
    moduleIds,
  }) satisfies StageChunk;

describe('bootStages', () => {
  // An ungrouped build: two stages (client, then main) sharing small chunks with each other
  // and with a lazy page, which has a form of its own.
  const entry = {
    ...stageChunk('index.js', ['entry.ts', 'storage.ts'], ['runtime.js'], ['client.js', 'main.js']),
    isEntry: true,
  };
  const chunks = new Map(
    [
      entry,
      stageChunk('runtime.js', ['runtime']),
      stageChunk('client.js', ['react-dom/client'], ['react.js', 'index.js']),
      stageChunk('react.js', ['react']),
      stageChunk('main.js', ['main.tsx'], ['react.js', 'store.js', 'index.js'], ['page.js']),
      stageChunk('store.js', ['store.ts', 'create-store.ts'], ['index.js']),
      stageChunk('page.js', ['page.tsx'], ['store.js', 'form.js']),
      stageChunk('form.js', ['schema-form.tsx']),
    ].map((c) => [c.fileName, c]),
  );

  it("groups each module of the boot with the first stage that loads it, the entry's left out", () => {
    expect(Object.fromEntries(bootStages(entry, chunks))).toEqual({
      'react-dom/client': 'client',
      react: 'client',
      'main.tsx': 'main',
      'store.ts': 'main',
      'create-store.ts': 'main',
    });
  });

  it("leaves out what only a page imports (the page's chunks stay as they are)", () => {
    const grouped = bootStages(entry, chunks);
    expect(grouped.has('page.tsx')).toBe(false);
    expect(grouped.has('schema-form.tsx')).toBe(false);
    expect([...bootModules(entry, chunks)].sort()).toEqual(
      [
        'entry.ts',
        'storage.ts',
        'runtime',
        'react-dom/client',
        'react',
        'main.tsx',
        'store.ts',
        'create-store.ts',
      ].sort(),
    );
  });
});

describe('pageGraph', () => {
  const page = (fileName: string, facadeModuleId: string | null, imports: string[] = []) =>
    ({ ...chunk(fileName, imports), facadeModuleId }) satisfies PageChunk;
  const chunks = new Map(
    [
      page('index.js', '/src/entry.ts'),
      page('client.js', null, ['react.js']),
      page('react.js', null),
      page('checkout.js', '/src/routes/checkout.tsx', ['react.js', 'form.js', 'modal.js']),
      page('cart-scope.js', '/src/routes/cart-scope.tsx', ['react.js', 'store.js']),
      page('form.js', null, ['ajv.js']),
      page('ajv.js', null),
      page('modal.js', null, ['form.js']),
      page('store.js', null),
      page('home.js', '/src/routes/home.tsx', ['card.js']),
      page('card.js', null),
    ].map((c) => [c.fileName, c]),
  );

  it("lists the pages' chunks and what they import, once, without what the boot loaded", () => {
    expect(
      pageGraph(
        ['/src/routes/checkout.tsx', '/src/routes/cart-scope.tsx'],
        chunks,
        new Set(['index.js', 'client.js', 'react.js']),
      ),
    ).toEqual(['checkout.js', 'form.js', 'ajv.js', 'modal.js', 'cart-scope.js', 'store.js']);
  });

  it('gives nothing when a module is no chunk of its own (the build then fails)', () => {
    expect(pageGraph(['/src/routes/checkout.tsx', '/src/gone.tsx'], chunks, new Set())).toEqual([]);
  });
});

describe('pageGroups', () => {
  type Chunk = StageChunk & PageChunk;
  const c = (
    fileName: string,
    facadeModuleId: string | null,
    moduleIds: string[],
    imports: string[] = [],
    dynamicImports: string[] = [],
  ): Chunk => ({ ...stageChunk(fileName, moduleIds, imports, dynamicImports), facadeModuleId });
  // An ungrouped build: the boot (the entry and its stage), a first visit's page (home), and two
  // pages beyond it (checkout, orders) sharing small chunks with each other and with home.
  const entry = { ...c('index.js', '/entry.ts', ['/entry.ts'], [], ['main.js']), isEntry: true };
  const chunks = new Map(
    [
      entry,
      c('main.js', '/main.tsx', ['/main.tsx'], [], ['home.js', 'checkout.js', 'orders.js']),
      c('home.js', '/home.tsx', ['/home.tsx'], ['money.js']),
      c('money.js', null, ['/money.ts']),
      c(
        'checkout.js',
        '/checkout.tsx',
        ['/checkout.tsx'],
        ['money.js', 'box.js', 'alert.js'],
        ['form.js'],
      ),
      c('orders.js', '/orders.tsx', ['/orders.tsx'], ['box.js', 'alert.js']),
      c('box.js', null, ['/box.tsx', '/split-props.ts']),
      c('alert.js', null, ['/alert.tsx']),
      // A dynamic import's own chunk stays one.
      c('form.js', '/form.tsx', ['/form.tsx']),
    ].map((x) => [x.fileName, x]),
  );

  it("names the page's shared chunks' modules after its group, not the first visit's nor a lazy target's", () => {
    expect(
      Object.fromEntries(
        pageGroups(entry, chunks, { 'checkout-shared': ['/checkout.tsx'] }, ['/home.tsx']),
      ),
    ).toEqual({
      '/box.tsx': 'checkout-shared',
      '/split-props.ts': 'checkout-shared',
      '/alert.tsx': 'checkout-shared',
    });
  });

  it('gives a module to the first group that claims it', () => {
    const groups = pageGroups(
      entry,
      chunks,
      { 'orders-shared': ['/orders.tsx'], 'checkout-shared': ['/checkout.tsx'] },
      ['/home.tsx'],
    );
    expect(new Set(groups.values())).toEqual(new Set(['orders-shared']));
  });

  it('fails for a module that is no chunk of its own', () => {
    expect(() => pageGroups(entry, chunks, { x: ['/gone.tsx'] }, ['/home.tsx'])).toThrow(/gone/);
  });
});
