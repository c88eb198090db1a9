import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editEmotion } from './vite-plugin-emotion-in-place';

const require = createRequire(import.meta.url);
const dist = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'dist');
const SHEET = join(dist('@emotion/sheet'), 'emotion-sheet.esm.js');
const CACHE = join(dist('@emotion/cache'), 'emotion-cache.browser.esm.js');

interface FakeNode {
  parentNode: unknown;
  nextSibling: FakeNode | null;
}

/** The sheet class of `code`, on a container that records each element moved into it. */
async function sheetOf(code: string) {
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  const { StyleSheet } = (await import(/* @vite-ignore */ url)) as {
    StyleSheet: new (o: object) => { hydrate(n: FakeNode[]): void; tags: FakeNode[] };
  };
  const moved: FakeNode[] = [];
  const container = {
    firstChild: null,
    insertBefore(node: FakeNode) {
      moved.push(node);
      node.parentNode = container;
    },
  };
  const sheet = new StyleSheet({ key: 'css', container, speedy: true });
  return { sheet, moved, container };
}

describe('emotion adopts the server style elements where they are', () => {
  it('the sheet keeps an element already in its container in place, and moves one from elsewhere', async () => {
    const source = readFileSync(SHEET, 'utf8');
    const { sheet, moved, container } = await sheetOf(editEmotion(source, SHEET)!);
    const inHead: FakeNode = { parentNode: container, nextSibling: null };
    const inBody: FakeNode = { parentNode: {}, nextSibling: null };
    sheet.hydrate([inHead, inBody]);
    expect(sheet.tags).toEqual([inHead, inBody]);
    expect(moved).toEqual([inBody]);

    // The library as published moves both (each move restyles the whole page).
    const original = await sheetOf(source);
    const again: FakeNode = { parentNode: original.container, nextSibling: null };
    original.sheet.hydrate([again]);
    expect(original.moved).toEqual([again]);
  });

  it('the cache moves to the head only what is not there yet', () => {
    const edited = editEmotion(readFileSync(CACHE, 'utf8'), CACHE)!;
    expect(edited).toContain(
      'if (node.parentNode !== document.head) document.head.appendChild(node);',
    );
  });

  it("fails the build when emotion's code is not what it edits, and leaves other files alone", () => {
    expect(() => editEmotion('export {}', SHEET)).toThrow(/emotion's code is not/);
    expect(editEmotion('whatever', '/x/node_modules/other/index.js')).toBeNull();
  });
});
