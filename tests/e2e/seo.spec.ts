import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { expect, test } from './fixtures';

// What a search engine gets, without JavaScript: every address of every sitemap answers 200
// with its content in the HTML; event pages carry the event's name, price and a schema.org
// Event that meets Google's rules (required and recommended properties, checked by a schema).

const eventSchema = JSON.parse(readFileSync('tests/e2e/google-event.schema.json', 'utf8'));
const validateEvent = new Ajv({ allErrors: true, strict: false }).compile(eventSchema);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

test('every sitemap address is a page with its content and, for events, valid Event data', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /pt/meuspedidos');

  const sitemaps = locs(await (await request.get('/sitemap.xml')).text());
  expect(sitemaps.map((u) => new URL(u).pathname)).toEqual([
    '/sitemap-pt.xml',
    '/sitemap-es.xml',
    '/sitemap-en.xml',
  ]);
  let events = 0;
  for (const sitemap of sitemaps) {
    const pages = locs(await (await request.get(new URL(sitemap).pathname)).text());
    expect(pages.length).toBeGreaterThan(5);
    for (const url of pages) {
      const path = new URL(url).pathname;
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<link rel="canonical" href="${url}">`);
      expect(html, path).not.toContain('noindex');
      if (!/\/(produto|producto|product)\//.test(path)) continue;
      events += 1;
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
      expect(ld, path).not.toBeNull();
      const event = JSON.parse(ld![1]!) as { name: string; offers: { price: string } };
      const ok = validateEvent(event);
      expect(ok ? [] : validateEvent.errors, path).toEqual([]);
      // The name and the price are in the page a person reads, not only in the data.
      expect(html, path).toContain(`>${event.name}<`);
      const price = event.offers.price;
      const shown = html.includes(price) || html.includes(price.replace('.', ','));
      expect(shown, `${path} shows ${price}`).toBe(true);
    }
  }
  expect(events).toBeGreaterThanOrEqual(3);
});
