// Prepares the browser tests' accounts server (playwright.config.ts): a copy of brands/ where
// the demo brand asks for a captcha at sign-up and on payment, keeps a guest's cart locally and
// offers a (fake) third-party chat. The server serves the same build as the others (brands are
// data at run time, forms included). The terms test publishes versions into the copy, never
// into the repository's brands/.
//
// usage: node tests/e2e/brands-copy.mjs <root folder>
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [rootArg] = process.argv.slice(2);
if (!rootArg) {
  console.error('usage: node tests/e2e/brands-copy.mjs <root folder>');
  process.exit(2);
}
const repo = process.cwd();
const root = resolve(rootArg);

rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });
cpSync(join(repo, 'brands'), join(root, 'brands'), { recursive: true });

const brandFile = join(root, 'brands', 'museu-aurora', 'brand.json');
const brand = JSON.parse(readFileSync(brandFile, 'utf8'));
brand.$schema = join(repo, 'schemas', 'brand.schema.json');
brand.captcha = { ...brand.captcha, register: true, payment: true };
// Guests keep a local cart here (tests/e2e/local-cart.spec.ts); the main server has none.
brand.carrinhoLocal = true;
// A third-party chat on this server only (tests/e2e/support-panel.spec.ts): its host is not a
// real one, the test answers its script (page.route); the main server's brand has none.
brand.support = {
  ...brand.support,
  chatWidget: {
    provider: 'Chat Teste',
    scriptUrl: 'https://chat.widget.test/loader.js',
    hosts: ['chat.widget.test'],
  },
};
writeFileSync(brandFile, `${JSON.stringify(brand, null, 2)}\n`);
