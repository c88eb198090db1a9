// `npm run bench:lighthouse`: only the bench's Lighthouse part (tests/bench/lighthouse.bench.mjs),
// LH_RUNS times (default 3) on a fresh production server, each run's row and the median. Single
// runs swing; the machine must be idle (Lighthouse's simulated throttling multiplies whatever
// else the cores are doing).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../../scripts/chromium.mjs';
import { runLighthouse } from './lighthouse.bench.mjs';

const root = new URL('../..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 18190);
const base = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const chromePath = findChromium();
if (!chromePath) throw new Error('No Chromium: run `node scripts/ensure-chromium.mjs`.');

spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), '--build-only'], {
  stdio: 'inherit',
});
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (;;) {
    const up = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (server.exitCode !== null) throw new Error('server exited during start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const byPage = new Map();
  for (let i = 0; i < runs; i++) {
    for (const row of await runLighthouse({ base, chromePath, eventPath: '/pt/produto/1' })) {
      if (!byPage.has(row.page)) byPage.set(row.page, []);
      byPage.get(row.page).push(row);
    }
  }
  const median = (values) => {
    const measured = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    return measured.length ? measured[Math.floor(measured.length / 2)] : Number.NaN;
  };
  const line = (r) =>
    `${r.performance} / ${r.fcp.toFixed(2)} s / ${r.lcp.toFixed(2)} s / ${r.cls.toFixed(3)} / ${Math.round(r.tbt)} ms`;
  const speeds = [...byPage.values()].flat().map((r) => r.benchmarkIndex);
  console.log(
    `Lighthouse's benchmark index of this machine (CPU speed, higher is faster): median ${Math.round(median(speeds))}, ${Math.round(Math.min(...speeds))}–${Math.round(Math.max(...speeds))}`,
  );
  console.log('Lighthouse, mobile preset: performance / FCP / LCP / CLS / TBT');
  for (const [page, rows] of byPage) {
    console.log(`${page.padEnd(12)} runs: ${rows.map(line).join(' | ')}`);
    const m = {
      performance: median(rows.map((r) => r.performance)),
      fcp: median(rows.map((r) => r.fcp)),
      lcp: median(rows.map((r) => r.lcp)),
      cls: median(rows.map((r) => r.cls)),
      tbt: median(rows.map((r) => r.tbt)),
    };
    console.log(`${page.padEnd(12)} median: ${line(m)}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
