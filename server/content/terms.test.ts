import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentFileError, idtermoOf, renderTerm, scanTerms } from './terms';

const dirs: string[] = [];
async function brandWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'terms-unit-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, 'content', 'terms', name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return dir;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('renderTerm', () => {
  it('takes the first heading as the title and renders the rest as sanitised HTML', () => {
    const { titulo, html } = renderTerm(
      '# Termos\n\nTexto **forte** <img src=x onerror=alert(1)> [a](https://ex.com) [b](javascript:alert(1))',
    );
    expect(titulo).toBe('Termos');
    expect(html).toContain('<strong>forte</strong>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(html).toContain(
      '<a href="https://ex.com" rel="noopener noreferrer" target="_blank">a</a>',
    );
    expect(html).not.toContain('javascript:');
  });
});

describe('scanTerms', () => {
  it('reads every version of every type, with a stable idtermo', async () => {
    const dir = await brandWith({
      '1/2026-01-01.pt-BR.md': '# A',
      '1/2026-01-01.es-ES.md': '# A',
      '1/2026-01-01.en-US.md': '# A',
    });
    const [v] = await scanTerms(dir);
    expect(v).toMatchObject({ tipo: 1, versao: '2026-01-01', idtermo: idtermoOf(1, '2026-01-01') });
    expect(v!.idtermo).toBe(120260101);
  });

  it('refuses a version without every locale, naming the folder', async () => {
    const dir = await brandWith({ '2/2026-03-01.pt-BR.md': '# A', '2/2026-03-01.en-US.md': '# A' });
    await expect(scanTerms(dir)).rejects.toThrow(/version 2026-03-01 has no text in es-ES/);
  });

  it('needs only the languages the brand offers; the others take its default language', async () => {
    const dir = await brandWith({ '2/2026-03-01.es-ES.md': '# B', '2/2026-03-01.pt-BR.md': '# A' });
    const offered = { required: ['es-ES', 'pt-BR'] as const, fallback: 'es-ES' as const };
    const [v] = await scanTerms(dir, offered);
    expect(v!.source).toEqual({ 'es-ES': '# B', 'pt-BR': '# A', 'en-US': '# B' });
    // A language it offers is still required.
    await expect(
      scanTerms(await brandWith({ '2/2026-03-01.es-ES.md': '# B' }), offered),
    ).rejects.toThrow(/version 2026-03-01 has no text in pt-BR/);
  });

  it('refuses a misnamed file', async () => {
    const dir = await brandWith({ '1/v2.pt-BR.md': '# A' });
    const err = await scanTerms(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentFileError);
    expect((err as ContentFileError).file).toMatch(/v2\.pt-BR\.md$/);
  });

  it('has no terms when the brand has no folder', async () => {
    expect(await scanTerms(await brandWith({}))).toEqual([]);
  });
});
