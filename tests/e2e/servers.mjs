// Starts one Playwright worker's set of test servers at once (playwright.config.ts lists them in
// E2E_SERVERS) and prints "test servers ready" once each answers; Playwright waits for that
// line. Started one after another, by one webServer entry each, four took 50 s here; together
// the two cores share them. Each runs `node scripts/start.mjs`, as `npm start` does, on a
// fresh data directory. Stopping this process stops them.
//
// E2E_SERVERS: [{ "port": 18181, "dataDir": ".tmp/e2e/set-0/main", "env": {…}, "prepare": "…" }]
import { execSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

/** @type {{ port: number; dataDir: string; env: Record<string, string>; prepare?: string }[]} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (servers.length === 0) {
  console.error('E2E_SERVERS lists no server (playwright.config.ts sets it)');
  process.exit(2);
}

const children = servers.map((s) => {
  rmSync(s.dataDir, { recursive: true, force: true });
  if (s.prepare) execSync(s.prepare, { stdio: 'inherit' });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, ...s.env, PORT: String(s.port), DATA_DIR: s.dataDir },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    console.error(`test server on port ${s.port} stopped (${signal ?? code})`);
    stopAll(1);
  });
  return child;
});

/** @param {number} code */
function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

/** @param {number} port */
async function answers(port) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

await Promise.all(servers.map((s) => answers(s.port)));
console.log('test servers ready');
