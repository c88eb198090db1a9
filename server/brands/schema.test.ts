import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import brandSchema from '#schemas/brand.schema.json' with { type: 'json' };

const repoBrands = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../brands');

describe('schemas/brand.schema.json', () => {
  it('validates both files of every brand at its root, so "$schema" can point at it', async () => {
    const ajv = new Ajv2020({ strict: true, discriminator: true });
    addFormats(ajv, ['email', 'date-time']);
    const validate = ajv.compile(brandSchema);
    const ids = (await readdir(repoBrands, { withFileTypes: true })).filter((e) => e.isDirectory());
    expect(ids.length).toBeGreaterThan(0);
    for (const { name } of ids) {
      for (const file of ['brand.json', 'catalog.json']) {
        const json = JSON.parse(await readFile(path.join(repoBrands, name, file), 'utf8'));
        expect(json.$schema, `${name}/${file}`).toBe('../../schemas/brand.schema.json');
        expect(validate(json), `${name}/${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
    // The root tells the two shapes apart: a catalog is not accepted as a brand, nor the reverse.
    expect(validate({ events: [] })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/events');
    expect(validate({ hosts: ['x.test'] })).toBe(false);
  });
});
