// `npm run bench`: numbers, not pass/fail. Bundle weight of the home page, seconds from
// `npm start` to the first page served (fresh and existing database), request latency and
// throughput of the catalogue and reservation calls, and the server's memory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const root = new URL('../..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 18190);
const base = `http://127.0.0.1:${port}`;
const results = [];
const report = (name, value, unit) => {
  results.push({ name, value, unit });
  console.log(`${name.padEnd(52)} ${String(value).padStart(10)} ${unit}`);
};

// 1. Bundle weight: every script and stylesheet the home page's HTML references.
spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), '--build-only'], {
  stdio: 'inherit',
});
const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
const htmlRefs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);
// The HTML's entry asks for the storefront's code after the first paint (src/entry.ts): what
// it imports is listed in its dependency map (`m.f=[…]`), counted with it.
const refs = new Set(htmlRefs);
for (const ref of htmlRefs.filter((r) => r.endsWith('.js'))) {
  const deps = /m\.f=\[([^\]]*)\]/.exec(readFileSync(join(root, 'dist', ref), 'utf8'));
  for (const dep of deps?.[1].match(/assets\/[^"`',]+/g) ?? []) refs.add(`/${dep}`);
}
let js = 0;
let css = 0;
for (const ref of refs) {
  const size = gzipSync(readFileSync(join(root, 'dist', ref)), { level: 9 }).length;
  if (ref.endsWith('.js')) js += size;
  else css += size;
}
report('home page JavaScript (gzip, entry + what it imports)', (js / 1024).toFixed(1), 'KiB');
report('home page CSS (gzip)', (css / 1024).toFixed(1), 'KiB');

// 1a. The delay schedule of failed logins (no server needed).
spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tests/bench/throttle.bench.mjs')], {
  cwd: root,
  stdio: 'inherit',
});

// 1b. Server-side form validation (no server needed).
spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tests/bench/forms.bench.mjs')], {
  cwd: root,
  stdio: 'inherit',
});

// 2. Start-up: from spawning `npm start`'s script to the first page served.
async function startServer(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const response = await fetch(`${base}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, seconds: (performance.now() - started) / 1000 };
}
async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
let run = await startServer(dataDir);
report('npm start → first page, fresh database', run.seconds.toFixed(2), 's');
await stop(run.child);
run = await startServer(dataDir);
report('npm start → first page, existing database', run.seconds.toFixed(2), 's');

// 2b. What a real browser loads for the home page: every script, lazy route chunks included.
const executablePath = findChromium();
if (executablePath) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  // A Portuguese-speaking visitor landing on the home page (its own address, server-rendered).
  const page = await browser.newPage({ locale: 'pt-BR' });
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${base}/pt`, { waitUntil: 'networkidle' });
  const gzipOf = (paths) => {
    let bytes = 0;
    for (const script of paths) {
      const file = join(root, 'dist', script);
      if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
    }
    return bytes;
  };
  const home = new Set(scripts);
  report(
    `home page JavaScript loaded in Chromium (gzip, ${home.size} files)`,
    (gzipOf(home) / 1024).toFixed(1),
    'KiB',
  );
  // The same for a first visit straight to an event page (a new context: nothing cached).
  const eventContext = await browser.newContext({ locale: 'pt-BR' });
  const eventPage = await eventContext.newPage();
  const eventScripts = new Set();
  eventPage.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) eventScripts.add(url.pathname);
  });
  await eventPage.goto(`${base}/pt/produto/1`, { waitUntil: 'networkidle' });
  report(
    `event page JavaScript loaded in Chromium (gzip, ${eventScripts.size} files)`,
    (gzipOf(eventScripts) / 1024).toFixed(1),
    'KiB',
  );
  await eventContext.close();
  // 2c. What showing a form adds: the login modal loads RJSF, the widget registry and the
  // login form's precompiled validators (the same for every form route, plus its own chunk).
  const pt = JSON.parse(readFileSync(join(root, 'locales/pt-BR.json'), 'utf8'));
  await page.getByRole('button', { name: pt['header.login'] }).click();
  await page.getByTestId('form-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const added = [...scripts].filter((s) => !home.has(s));
  report(
    `a form (login modal) adds (gzip, ${added.length} files)`,
    (gzipOf(added) / 1024).toFixed(1),
    'KiB',
  );
  const registration = readdirSync(join(root, 'dist/assets'))
    .filter((f) => /^registration-[0-9a-f]{10}-.*\.js$/.test(f))
    .map((f) => gzipSync(readFileSync(join(root, 'dist/assets', f)), { level: 9 }).length);
  report(
    'registration form chunk: schema + validators (gzip)',
    (Math.max(...registration) / 1024).toFixed(1),
    'KiB',
  );
  await browser.close();

  // 2d. Lighthouse, mobile preset: home, an event page, the checkout.
  const { runLighthouse } = await import('./lighthouse.bench.mjs');
  const rows = await runLighthouse({
    base,
    chromePath: executablePath,
    eventPath: '/pt/produto/1',
  });
  report(
    "Lighthouse's benchmark index of this machine (CPU speed, higher is faster)",
    Math.round(rows[0]?.benchmarkIndex ?? Number.NaN),
    '',
  );
  for (const row of rows) {
    report(
      `Lighthouse ${row.page}: performance / FCP / LCP / CLS / TBT`,
      `${row.performance} / ${row.fcp.toFixed(2)} s / ${row.lcp.toFixed(2)} s / ${row.cls.toFixed(3)} / ${Math.round(row.tbt)} ms`,
      '',
    );
  }
} else {
  console.log('(no Chromium: the in-browser weights and Lighthouse are not measured)');
}

// 3. Latency and throughput on loopback.
const rpc = (method, params, token) =>
  fetch(`${base}/router.php?method=${method}&class=SuperIngresso&lang=pt_BR`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ class: 'SuperIngresso', method, params }),
  }).then((r) => r.json());

async function measure(name, count, concurrency, call) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  report(`${name}: requests/s (${concurrency} at a time)`, (count / seconds).toFixed(0), 'req/s');
  report(`${name}: p50 / p95 latency`, `${p(0.5).toFixed(1)}/${p(0.95).toFixed(1)}`, 'ms');
}

const eventos = (await rpc('getEventos', [])).result;
const sessions = (await rpc('getApresentacoes', [eventos[0].idevento])).result.apresentacoes;
await measure('getEventos', 500, 10, () => rpc('getEventos', []));
await measure('getProdutos', 500, 10, () => rpc('getProdutos', [sessions[0].idapresentacao]));

const login = await fetch(`${base}/login/1?lang=pt_BR`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ _username: 'demo@example.com', _password: 'Demo@1234' }),
}).then((r) => r.json());
const token = login.result?.access_token;
if (token) {
  const produtos = (await rpc('getProdutos', [sessions[1].idapresentacao])).result;
  const idproduto = produtos.tipo_produtos[0].produtos[0].idproduto;
  // Reserve one unit and cancel it, over and over: a write transaction with row locks each time.
  await measure('iniciarReserva + cancelarReserva', 200, 1, async () => {
    const hold = await rpc(
      'iniciarReserva',
      [[{ idproduto, qtd: 1 }], sessions[1].idapresentacao, []],
      token,
    );
    await rpc('cancelarReserva', [hold.result.idmovimentacao, null, false, false], token);
  });
}

// A good login, end to end (argon2id verification, throttle bookkeeping, session insert), one
// at a time and 4 at a time; then wrong passwords, which are answered after the same work.
const loginOnce = (password) =>
  fetch(`${base}/login/1?lang=pt_BR`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _username: 'demo@example.com', _password: password }),
  }).then((r) => r.json());
await measure('login (good password)', 40, 1, () => loginOnce('Demo@1234'));
await measure('login (good password)', 80, 4, () => loginOnce('Demo@1234'));
await measure('login (unknown e-mail)', 40, 1, () =>
  fetch(`${base}/login/1?lang=pt_BR`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      _username: `nobody${Math.random()}@example.com`,
      _password: 'X@1234ab',
    }),
  }).then((r) => r.json()),
);

const pid = run.child.pid;
const serverPid = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
  .stdout.trim()
  .split('\n')[0];
const status = existsSync(`/proc/${serverPid}/status`)
  ? readFileSync(`/proc/${serverPid}/status`, 'utf8')
  : '';
const rss = /VmRSS:\s+(\d+)/.exec(status)?.[1];
if (rss) report('server resident memory after the runs', (Number(rss) / 1024).toFixed(0), 'MiB');
await stop(run.child);
rmSync(dataDir, { recursive: true, force: true });
