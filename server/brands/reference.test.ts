import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandReference, REFERENCE_END, REFERENCE_START, withReference } from './reference';

describe('brands/README.md', () => {
  it('carries the reference of the brand schema as it is now (npm run docs:brands)', () => {
    const readme = readFileSync('brands/README.md', 'utf8');
    expect(readme).toContain(REFERENCE_START);
    expect(withReference(readme), 'brands/README.md is stale: run npm run docs:brands').toBe(
      readme,
    );
  });

  it('lists every setting with its JSON path, type and whether it is required', () => {
    const ref = brandReference();
    expect(ref).toContain(
      '| `/support/contactInbox` | string format email |  | Where the contact form',
    );
    expect(ref).toMatch(/\| `\/theme\/colors\/primary` \| string \(HexColor\) \| yes \|/);
    expect(ref).toContain('`/events/*/tipo_produtos/*/produtos/*/preco`');
    expect(ref).toContain('### forms/<form>.json');
  });

  it('replaces only its own part of the README', () => {
    const before = `# Brands\n\nprose\n\n${REFERENCE_START}\nold\n${REFERENCE_END}\n\n## After\n`;
    const after = withReference(before);
    expect(after.startsWith('# Brands\n\nprose\n\n')).toBe(true);
    expect(after.endsWith(`${REFERENCE_END}\n\n## After\n`)).toBe(true);
    expect(after).not.toContain('\nold\n');
    expect(withReference(after)).toBe(after);
  });
});
