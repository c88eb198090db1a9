// Makes sure the browser tests have a Chromium. Uses one that is there; as root with apt,
// installs Debian's `chromium` package; otherwise says exactly what to install and fails.
// The browser tests are never skipped silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

let path = findChromium();
if (!path) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('No Chromium found: installing Debian package "chromium" with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const installed =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
        .status === 0;
    if (!installed) {
      console.error('apt-get could not install chromium. Install it and run npm test again.');
      process.exit(1);
    }
    path = findChromium();
  }
}
if (!path) {
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      '  Debian/Ubuntu: sudo apt-get install -y chromium',
      '  Fedora:        sudo dnf install -y chromium',
      '  macOS:         brew install --cask chromium',
      '  or point CHROMIUM_PATH at a Chromium/Chrome executable.',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Browser tests use ${path}`);
