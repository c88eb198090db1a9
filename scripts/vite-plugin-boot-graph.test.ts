import { describe, expect, it } from 'vitest';
import { bootGraph, type GraphChunk } from './vite-plugin-boot-graph';

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
