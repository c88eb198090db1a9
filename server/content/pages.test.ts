import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '#schemas/contract.ts';
import { markdownToHtml } from './markdown';
import { conteudo, conteudos, faqOf, scanContent } from './pages';
import { ContentFileError } from './terms';

const dirs: string[] = [];
async function brandWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-unit-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, 'content', name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return dir;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const page = (slug: string, extra = '', body = 'Texto.') =>
  `---\ntitle: Título ${slug}\nslug: ${slug}\ndescription: Uma frase.\nsections: [politicas]\nupdated: 2026-11-01\n${extra}---\n${body}\n`;

/** The same page in every locale, the slug suffixed per language. */
function everyLocale(key: string, make: (locale: string) => string): Record<string, string> {
  return Object.fromEntries(LOCALES.map((l) => [`pages/${key}.${l}.md`, make(l)]));
}

async function failure(files: Record<string, string>): Promise<ContentFileError> {
  const err = await scanContent(await brandWith(files)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ContentFileError);
  return err as ContentFileError;
}

describe('scanContent', () => {
  it('needs only the languages the brand offers; the others take its default language', async () => {
    const offered = { required: ['es-ES', 'pt-BR'] as const, fallback: 'es-ES' as const };
    const dir = await brandWith({
      'pages/privacy.es-ES.md': page('privacidad'),
      'pages/privacy.pt-BR.md': page('privacidade'),
    });
    const content = await scanContent(dir, offered);
    const privacy = content.pages.get('privacy')!;
    expect(privacy['pt-BR'].slug).toBe('privacidade');
    expect(privacy['en-US'].slug).toBe('privacidad');
    // Without the brand's languages every one is needed, and one it offers always is.
    await expect(scanContent(dir)).rejects.toThrow(ContentFileError);
    const onlySpanish = await brandWith({ 'pages/privacy.es-ES.md': page('privacidad') });
    const err = await scanContent(onlySpanish, offered).catch((e: unknown) => e);
    expect((err as ContentFileError).reason).toBe('has no file for pt-BR');
  });

  it('reads pages with their slug per language, the FAQ and pop-ups in force', async () => {
    const dir = await brandWith({
      ...everyLocale('privacy', (l) => page(`privacidade-${l.slice(0, 2)}`)),
      ...Object.fromEntries(
        LOCALES.map((l) => [
          `faq/faq.${l}.md`,
          `---\ntitle: FAQ\ndescription: Dúvidas.\nupdated: 2026-11-01\n---\n## Compra\n### Como compro?\nEscolha o **dia**.\n### Posso cancelar?\nSim.\n## Pagamento\n### Pix?\nSim.\n`,
        ]),
      ),
      ...Object.fromEntries(
        LOCALES.map((l) => [
          `popups/news.${l}.md`,
          `---\ntitle: Novidade\nlink: /pt/produto/2\nfrom: 2026-01-01\nuntil: 2026-06-30\n---\nTour novo.\n`,
        ]),
      ),
    });
    const content = await scanContent(dir);
    const list = conteudos(content, 'en-US', '2026-03-01');
    expect(list).toEqual([
      {
        id: 'privacy',
        tipo: 'pagina',
        titulo: 'Título privacidade-en',
        secoes: ['politicas'],
        slugs: { 'pt-BR': 'privacidade-pt', 'es-ES': 'privacidade-es', 'en-US': 'privacidade-en' },
        link: null,
      },
      expect.objectContaining({ id: 'news', tipo: 'popup', link: '/pt/produto/2' }),
    ]);
    // A pop-up out of its dates is not offered.
    expect(conteudos(content, 'en-US', '2026-07-01').map((c) => c.id)).toEqual(['privacy']);
    expect(conteudo(content, 'privacy', 'pt-BR')).toMatchObject({
      descricao: 'Uma frase.',
      html: '<p>Texto.</p>',
      atualizado: '2026-11-01',
    });
    expect(conteudo(content, 'nothing', 'pt-BR')).toBeNull();

    const faq = faqOf(content.faq!['pt-BR']);
    expect(faq.categorias.map((c) => [c.titulo, c.perguntas.length])).toEqual([
      ['Compra', 2],
      ['Pagamento', 1],
    ]);
    expect(faq.categorias[0]!.perguntas[0]).toEqual({
      pergunta: 'Como compro?',
      resposta: '<p>Escolha o <strong>dia</strong>.</p>',
    });
  });

  it('refuses a page missing in a language, naming it', async () => {
    const err = await failure({
      'pages/privacy.pt-BR.md': page('privacidade'),
      'pages/privacy.en-US.md': page('privacy'),
    });
    expect(err.file).toMatch(/pages[\\/]privacy$/);
    expect(err.reason).toContain('es-ES');
  });

  it('refuses files that break a rule, with the file and the reason', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ 'pages/Privacy.pt-BR.md': page('x') }, /<key>\.<locale>\.md/],
      [everyLocale('a', () => 'no front matter'), /front matter block/],
      [everyLocale('a', () => '---\ntitle: [unclosed\n---\nx\n'), /not valid YAML/],
      [everyLocale('a', () => page('Não Slug')), /"slug" is lowercase/],
      [everyLocale('a', () => page('a').replace('[politicas]', '[blog]')), /"sections"/],
      [
        everyLocale('a', () => page('a').replace('Uma frase.', 'x'.repeat(161))),
        /"description" has at most 160/,
      ],
      [everyLocale('a', () => page('a').replace('2026-11-01', 'ontem')), /"updated" is a date/],
      [everyLocale('a', () => page('a', '', '')), /no text after the front matter/],
      [
        { ...everyLocale('a', () => page('same')), ...everyLocale('b', () => page('same')) },
        /slug "same" is also the slug of "a"/,
      ],
      [
        Object.fromEntries(
          LOCALES.map((l) => [
            `popups/p.${l}.md`,
            '---\ntitle: P\nlink: https://evil.example\nfrom: 2026-01-01\nuntil: 2026-02-01\n---\nx\n',
          ]),
        ),
        /"link" is a path of the site/,
      ],
      [
        Object.fromEntries(
          LOCALES.map((l) => [
            `faq/faq.${l}.md`,
            '---\ntitle: F\ndescription: d\nupdated: 2026-01-01\n---\nJust text.\n',
          ]),
        ),
        /has no question/,
      ],
    ];
    for (const [files, reason] of cases) {
      const err = await failure(files);
      expect(err.reason, JSON.stringify(Object.keys(files))).toMatch(reason);
      expect(err.file).toContain('content');
    }
  });

  it('accepts a brand without content', async () => {
    const content = await scanContent(await brandWith({}));
    expect(content.pages.size).toBe(0);
    expect(content.faq).toBeNull();
  });
});

describe('markdownToHtml', () => {
  it('keeps text markup and drops scripts, handlers and unsafe links', () => {
    const html = markdownToHtml(
      [
        '## Título',
        'Texto **forte** <script>alert(1)</script> <img src=x onerror=alert(1)>',
        '[externo](https://ex.com) [site](/pt/informacoes/cookies) [mal](javascript:alert(1)) [dados](data:text/html,x)',
        '<a href="javascript:alert(1)" onclick="alert(1)">raw</a>',
      ].join('\n\n'),
    );
    expect(html).toContain('<h2>Título</h2>');
    expect(html).toContain('<strong>forte</strong>');
    // Raw HTML is shown as text: no element, attribute or URL of it is live.
    expect(html).not.toMatch(/<script|<img|<a [^>]*(onclick|javascript:|data:)/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(
      '<a href="https://ex.com" rel="noopener noreferrer" target="_blank">externo</a>',
    );
    expect(html).toContain('<a href="/pt/informacoes/cookies">site</a>');
    expect(html).toContain('mal');
  });
});
