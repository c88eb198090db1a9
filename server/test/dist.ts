import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The shape of the storefront build's index.html (its placeholders; see server/web/index-html.ts). */
export const INDEX_TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <!--brand-head-->
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <!--brand-config-->
  </body>
</html>
`;

/**
 * A stand-in storefront build in a new temporary folder: index.html from {@link INDEX_TEMPLATE}
 * and the given files (paths relative to the folder). Returns the folder.
 */
export async function makeDist(files: Record<string, string> = {}): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'sf-dist-'));
  const all: Record<string, string> = { 'index.html': INDEX_TEMPLATE, ...files };
  for (const [name, text] of Object.entries(all)) {
    const file = path.join(dist, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return dist;
}
