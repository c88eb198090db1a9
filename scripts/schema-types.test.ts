import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from './schema-types';

describe('the types written from the JSON Schemas', () => {
  it('are what the schemas give now (npm run schemas:types)', async () => {
    for (const { file, text } of await schemaTypes()) {
      expect(readFileSync(file, 'utf8'), fileURLToPath(file)).toBe(text);
    }
  });
});
