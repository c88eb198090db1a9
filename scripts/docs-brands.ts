// Writes the reference part of brands/README.md from schemas/brand.schema.json (every setting of
// a brand folder); server/brands/reference.test.ts fails when the README is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { withReference } from '../server/brands/reference';

const file = new URL('../brands/README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8')));
console.log('brands/README.md written');
