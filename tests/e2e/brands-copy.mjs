// Prepares the browser tests' accounts server (playwright.config.ts): a copy of brands/ where
// the demo brand asks for a captcha at sign-up and on payment, keeps a guest's cart locally and
// offers a (fake) third-party chat, and a build
// of the storefront composed for that copy (rebuilt only when it is older than the sources,
// like `npm start`). The terms test
// publishes versions into the copy, never into the repository's brands/.
//
// usage: node tests/e2e/brands-copy.mjs <root folder> <dist folder>
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withBuildLock } from '../../scripts/build-lock.mjs';
import { buildStorefront } from '../../scripts/build-storefront.mjs';
import { buildAge, SOURCES } from '../../scripts/staleness.mjs';

const [rootArg, distArg] = process.argv.slice(2);
if (!rootArg || !distArg) {
  console.error('usage: node tests/e2e/brands-copy.mjs <root folder> <dist folder>');
  process.exit(2);
}
const repo = process.cwd();
const root = resolve(rootArg);
const dist = resolve(distArg);

rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });
cpSync(join(repo, 'brands'), join(root, 'brands'), { recursive: true });
// The build's form validators import the formats and the runtime from <root>/schemas.
symlinkSync(join(repo, 'schemas'), join(root, 'schemas'), 'dir');

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

// The same sources as `npm start`, plus this script and its Vite config. Every worker's
// accounts server shares the one build: whoever comes first makes it, the others wait.
withBuildLock(dist, () => {
  const { stale } = buildAge(repo, join(dist, '.ssr', 'entry-server.js'), [
    ...SOURCES,
    'tests/e2e/brands-copy.mjs',
    'tests/e2e/vite.brands-copy.config.ts',
  ]);
  if (stale) {
    console.log('Building the storefront for the copied brands…');
    const status = buildStorefront({
      distDir: dist,
      config: 'tests/e2e/vite.brands-copy.config.ts',
      env: { ...process.env, FORMS_ROOT: root },
    });
    if (status !== 0) process.exit(status);
  }
  // scripts/start.mjs rebuilds a DIST_DIR whose flags differ: these are the production ones.
  writeFileSync(join(dist, '.build-flags.json'), JSON.stringify({ devPages: false }));
});
