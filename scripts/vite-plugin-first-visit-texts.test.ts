import { describe, expect, it } from 'vitest';
import { firstVisitChunks, referencedIds, type TextsChunk } from './vite-plugin-first-visit-texts';

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  dynamicImports: string[] = [],
): TextsChunk => ({
  fileName,
  facadeModuleId: facade,
  isEntry: false,
  imports,
  dynamicImports,
  code: '',
});

describe('firstVisitChunks', () => {
  it('takes the boot and the listed screens with what they import, not the other screens', () => {
    const entry = { ...chunk('index.js', '/app/src/entry.ts', [], ['main.js']), isEntry: true };
    const chunks = new Map(
      [
        entry,
        chunk('main.js', '/app/src/main.tsx', ['react.js'], ['home.js', 'checkout.js']),
        chunk('react.js', null),
        chunk('home.js', '/app/src/app/routes/home.tsx', ['card.js']),
        chunk('card.js', null),
        chunk('checkout.js', '/app/src/app/routes/checkout.tsx', ['form.js']),
        chunk('form.js', null),
      ].map((c) => [c.fileName, c]),
    );
    const names = firstVisitChunks(chunks, ['src/app/routes/home.tsx']).map((c) => c.fileName);
    expect(names.sort()).toEqual(['card.js', 'home.js', 'index.js', 'main.js', 'react.js']);
  });
});

describe('referencedIds', () => {
  const ids = [
    'header.login',
    'header.logout',
    'error.network',
    'error.timeout',
    'trail.days.one',
    'trail.days.other',
    'trail.title',
    'checkout.pay',
  ];

  it('finds the ids written in minified code, whatever quotes surround them', () => {
    const code = 'o({id:"header.login"}),n(`header.logout`),t(\'checkout.pay\')';
    expect([...referencedIds(code, ids)].sort()).toEqual([
      'checkout.pay',
      'header.login',
      'header.logout',
    ]);
  });

  it('takes every id under a prefix the code composes ids from', () => {
    // Minified code as the build writes it (a string here, not a template of this test).
    const code = ['m(`error.$', '{e.code}`);const k="trail.days";f(`$', '{k}.$', '{n}`)'].join('');
    expect([...referencedIds(code, ids)].sort()).toEqual([
      'error.network',
      'error.timeout',
      'trail.days.one',
      'trail.days.other',
    ]);
  });

  it('takes nothing for property chains and words that are no id', () => {
    const code = 'e.target.value;header;let trail=1;a.header.login';
    expect(referencedIds(code, ids).size).toBe(0);
  });
});
