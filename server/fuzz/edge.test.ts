import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  edgeServerOptions,
  installEdge,
  isCleanInput,
  isStorableText,
  MAX_BODY_DEPTH,
  parseQuery,
} from '#server/plugins/edge.ts';
import { installEnvelope } from '#server/plugins/envelope.ts';
import { testBrands } from '#server/test/test-brand.ts';

describe('edge helpers', () => {
  it('tells storable text from NUL and unpaired surrogates', () => {
    expect(isStorableText('São Paulo 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD800')).toBe(false);
    expect(isStorableText('a\uDC00')).toBe(false);
    expect(isStorableText('\uD83D\uDE00\uD83D')).toBe(false);
    // Any well-formed string is storable unless it has a NUL.
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (s) => isStorableText(s) === !s.includes('\u0000'),
      ),
    );
  });

  it('walks every string and key of a body, and bounds its depth', () => {
    expect(isCleanInput({ a: [{ b: 'ok' }], n: 1, z: null })).toBe(true);
    expect(isCleanInput({ a: [{ b: 'x\u0000' }] })).toBe(false);
    expect(isCleanInput({ 'k\u0000': 1 })).toBe(false);
    expect(isCleanInput(JSON.parse('{"__proto__":{}}'))).toBe(false);
    expect(isCleanInput({ constructor: { prototype: {} } })).toBe(false);
    // Every key of Object.prototype's, whatever its value, anywhere (a deep equality calls them).
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      const own = JSON.parse(`{"${name}":1}`);
      expect(isCleanInput(own), name).toBe(false);
      expect(isCleanInput({ a: [{ b: own }] }), name).toBe(false);
    }
    expect(isCleanInput({ constructor: 'a name' })).toBe(false);
    expect(isCleanInput({ toStringx: 1, _valueOf: 1 })).toBe(true);
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_BODY_DEPTH; i++) deep = [deep];
    expect(isCleanInput(deep)).toBe(true);
    expect(isCleanInput([deep])).toBe(false);
    // Iterative: a depth that would overflow a recursive walk is just refused.
    let hostile: unknown = 1;
    for (let i = 0; i < 200_000; i++) hostile = { a: hostile };
    expect(isCleanInput(hostile)).toBe(false);
  });

  it('parses a query with the last of repeated names winning, never throwing', () => {
    expect(parseQuery('status=PA&status=RE&page=1')).toEqual({ status: 'RE', page: '1' });
    expect(parseQuery('a=%E0%A4%A&b=%&c=%zz')).toEqual({ a: '\uFFFD%A', b: '%', c: '%zz' });
    expect(parseQuery('q=a+b%2Bc')).toEqual({ q: 'a b+c' });
    expect(Object.getPrototypeOf(parseQuery('__proto__=x'))).toBeNull();
    fc.assert(
      fc.property(fc.string(), (q) =>
        Object.values(parseQuery(q)).every((v) => typeof v === 'string'),
      ),
    );
  });
});

describe('route opt-out', () => {
  it('lets a navigation route check its own query text, never a JSON body', async () => {
    const brands = testBrands();
    const edge = edgeServerOptions(brands);
    const app = Fastify({ ...edge, routerOptions: edge.routerOptions });
    installEnvelope(app);
    await installEdge(app);
    const echo = async (req: { query: unknown }) => ({ result: req.query });
    app.get('/api', echo);
    app.get('/page', { config: { edge: { text: false } } }, echo);
    app.post('/page', { config: { edge: { text: false } } }, async () => ({ result: 1 }));
    const api = await app.inject({ method: 'GET', url: '/api?state=a%00b' });
    expect(api.json().error.code).toBe(0);
    const page = await app.inject({ method: 'GET', url: '/page?state=a%00b' });
    expect(page.json()).toEqual({ result: { state: 'a\u0000b' } });
    const body = await app.inject({ method: 'POST', url: '/page', payload: { a: 'x\u0000' } });
    expect(body.json().error.code).toBe(0);
    await app.close();
  });
});
