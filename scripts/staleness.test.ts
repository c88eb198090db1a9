import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCES } from './staleness.mjs';

describe('SOURCES', () => {
  it("names every plugin of the storefront's build: a changed plugin rebuilds on `npm start`", () => {
    const plugins = readdirSync(new URL('.', import.meta.url))
      .filter((f) => /^vite-plugin-.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => `scripts/${f}`);
    expect(plugins.length).toBeGreaterThan(0);
    expect(SOURCES).toEqual(expect.arrayContaining(plugins));
  });
});
