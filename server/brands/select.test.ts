import { describe, expect, it } from 'vitest';
import type { BrandFile, LoadedBrand } from '#schemas/brand.types.ts';
import { brandForHost, normalizeHost } from './select';

const brand = (id: string, hosts: string[], isDefault?: boolean): LoadedBrand => ({
  id,
  dir: `/brands/${id}`,
  brand: { hosts, ...(isDefault === undefined ? {} : { default: isDefault }) } as BrandFile,
  catalog: { events: [] },
});

const a = brand('a', ['a.example.com', 'localhost']);
const b = brand('b', ['Shop.B.example', '127.0.0.1', '::1'], true);
const c = brand('c', ['c.example.com'], false);

describe('brandForHost', () => {
  it('matches a listed host, ignoring the port and case', () => {
    expect(brandForHost([a, b, c], 'a.example.com').id).toBe('a');
    expect(brandForHost([a, b, c], 'localhost:8080').id).toBe('a');
    expect(brandForHost([a, b, c], 'SHOP.b.EXAMPLE:443').id).toBe('b');
    expect(brandForHost([a, b, c], 'c.example.com.').id).toBe('c');
    expect(brandForHost([a, b, c], '127.0.0.1:3000').id).toBe('b');
  });

  it('matches IPv6 hosts with and without brackets and port', () => {
    expect(brandForHost([a, c, b], '[::1]:5173').id).toBe('b');
    expect(brandForHost([a, c, b], '::1').id).toBe('b');
  });

  it('uses the first of a forwarded host list', () => {
    expect(brandForHost([a, b, c], 'c.example.com, a.example.com').id).toBe('c');
  });

  it('falls back to the default brand for an unknown or missing host', () => {
    expect(brandForHost([a, b, c], 'unknown.example').id).toBe('b');
    expect(brandForHost([a, b, c], undefined).id).toBe('b');
    expect(brandForHost([a, b, c], '').id).toBe('b');
  });

  it('falls back to the first brand when none is the default', () => {
    expect(brandForHost([c, a], 'unknown.example').id).toBe('c');
  });

  it('does not match a host that only shares a suffix or prefix', () => {
    expect(brandForHost([c, a], 'xa.example.com').id).toBe('c');
    expect(brandForHost([c, a], 'a.example.com.evil').id).toBe('c');
  });

  it('throws without brands', () => {
    expect(() => brandForHost([], 'a.example.com')).toThrow(/no brands/);
  });
});

describe('normalizeHost', () => {
  it('strips port, brackets and trailing dot and lower-cases', () => {
    expect(normalizeHost(' Example.COM:80 ')).toBe('example.com');
    expect(normalizeHost('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeHost('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeHost(undefined)).toBe('');
  });
});
