/**
 * The brand's content as files, written by the operator in Markdown with YAML front matter:
 *
 * - `content/pages/<key>.<locale>.md`: a page of Informacoes and/or Politicas. Front matter:
 *   `title`, `slug` (its URL segment in that language), `description` (≤ 160 characters, for
 *   search engines), `sections` (`informacoes`, `politicas`), `updated` (YYYY-MM-DD).
 * - `content/faq/faq.<locale>.md`: the FAQ. Front matter `title`, `description`, `updated`; the
 *   body is `## Category` groups of `### Question?` followed by the answer.
 * - `content/popups/<key>.<locale>.md`: a pop-up shown once on the page whose path is `link`.
 *   Front matter `title`, `link` (a site path, language prefixed), `from`, `until` (YYYY-MM-DD).
 *
 * Every key exists in every locale. A file that breaks a rule stops the brand from loading with
 * the file and the reason ({@link ContentFileError}); a running server reads the folders again
 * in the background every {@link RESCAN_MS}, so an edit shows without a restart.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import {
  CONTENT_SECTIONS,
  type ContentSection,
  type Conteudo,
  type ConteudoResumo,
  type Faq,
  LOCALES,
  type Locale,
} from '#schemas/contract.ts';
import {
  type ContentLanguages,
  contentLanguages,
  EVERY_LANGUAGE,
  everyLanguage,
} from './languages';
import { inlineText, markdownToHtml, markdownTokens, tokensToHtml } from './markdown';
import { RESCAN_MS, rescanned } from './rescan';
import { ContentFileError } from './terms';

export interface PageDoc {
  key: string;
  title: string;
  slug: string;
  description: string;
  sections: ContentSection[];
  updated: string;
  body: string;
}

export interface FaqDoc {
  title: string;
  description: string;
  updated: string;
  body: string;
}

export interface PopupDoc {
  key: string;
  title: string;
  link: string;
  from: string;
  until: string;
  body: string;
}

/** Everything of a brand's content, by key and locale. */
export interface BrandContent {
  pages: Map<string, Record<Locale, PageDoc>>;
  faq: Record<Locale, FaqDoc> | null;
  popups: Map<string, Record<Locale, PopupDoc>>;
}

const FILE_RE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]{2}-[A-Z]{2})\.md$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Front matter and body of a file; throws when the front matter is missing or not YAML. */
function split(file: string, text: string): { meta: Record<string, unknown>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new ContentFileError(file, 'starts with a front matter block between --- lines');
  let meta: unknown;
  try {
    meta = parseYaml(m[1]!);
  } catch (e) {
    throw new ContentFileError(file, `front matter is not valid YAML: ${(e as Error).message}`);
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) {
    throw new ContentFileError(file, 'front matter is a set of key: value lines');
  }
  if (!m[2]!.trim()) throw new ContentFileError(file, 'has no text after the front matter');
  return { meta: meta as Record<string, unknown>, body: m[2]! };
}

function text(file: string, meta: Record<string, unknown>, key: string, max?: number): string {
  const v = meta[key];
  if (typeof v !== 'string' || !v.trim()) {
    throw new ContentFileError(file, `front matter "${key}" is a non-empty text`);
  }
  if (max !== undefined && v.length > max) {
    throw new ContentFileError(file, `front matter "${key}" has at most ${max} characters`);
  }
  return v.trim();
}

function date(file: string, meta: Record<string, unknown>, key: string): string {
  const v = meta[key] instanceof Date ? (meta[key] as Date).toISOString().slice(0, 10) : meta[key];
  if (typeof v !== 'string' || !DATE_RE.test(v) || Number.isNaN(Date.parse(v))) {
    throw new ContentFileError(file, `front matter "${key}" is a date YYYY-MM-DD`);
  }
  return v;
}

/**
 * `<key>.<locale>.md` files of a folder, grouped by key; every key in every language the brand
 * offers, the others taken from its default language.
 */
async function readFolder(
  folder: string,
  languages: ContentLanguages,
): Promise<Map<string, Record<Locale, { file: string; text: string }>>> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return new Map();
  }
  const byKey = new Map<string, Partial<Record<Locale, { file: string; text: string }>>>();
  for (const name of names.sort()) {
    const file = path.join(folder, name);
    const m = FILE_RE.exec(name);
    if (!m || !(LOCALES as readonly string[]).includes(m[2]!)) {
      throw new ContentFileError(
        file,
        `name a content file <key>.<locale>.md (key in lowercase-with-hyphens, locale one of ${LOCALES.join(', ')})`,
      );
    }
    const entry = byKey.get(m[1]!) ?? {};
    entry[m[2] as Locale] = { file, text: await readFile(file, 'utf8') };
    byKey.set(m[1]!, entry);
  }
  const complete = new Map<string, Record<Locale, { file: string; text: string }>>();
  for (const [key, entry] of byKey) {
    const missing = languages.required.filter((l) => !entry[l]);
    if (missing.length > 0) {
      throw new ContentFileError(path.join(folder, key), `has no file for ${missing.join(', ')}`);
    }
    complete.set(key, everyLanguage(entry, languages));
  }
  return complete;
}

function perLocale<T>(
  entry: Record<Locale, { file: string; text: string }>,
  read: (file: string, text: string, locale: Locale) => T,
): Record<Locale, T> {
  return Object.fromEntries(
    LOCALES.map((l) => [l, read(entry[l].file, entry[l].text, l)]),
  ) as Record<Locale, T>;
}

function readPage(key: string, file: string, source: string): PageDoc {
  const { meta, body } = split(file, source);
  const slug = text(file, meta, 'slug');
  if (!SLUG_RE.test(slug)) {
    throw new ContentFileError(file, 'front matter "slug" is lowercase words joined by hyphens');
  }
  const sections = meta.sections;
  if (
    !Array.isArray(sections) ||
    sections.length === 0 ||
    !sections.every((s) => (CONTENT_SECTIONS as readonly unknown[]).includes(s))
  ) {
    throw new ContentFileError(
      file,
      `front matter "sections" lists one or more of ${CONTENT_SECTIONS.join(', ')}`,
    );
  }
  return {
    key,
    title: text(file, meta, 'title'),
    slug,
    description: text(file, meta, 'description', 160),
    sections: sections as ContentSection[],
    updated: date(file, meta, 'updated'),
    body,
  };
}

function readFaq(file: string, source: string): FaqDoc {
  const { meta, body } = split(file, source);
  const doc = {
    title: text(file, meta, 'title'),
    description: text(file, meta, 'description', 160),
    updated: date(file, meta, 'updated'),
    body,
  };
  if (faqOf(doc).categorias.every((c) => c.perguntas.length === 0)) {
    throw new ContentFileError(file, 'has no question: write ## Category, then ### Question?');
  }
  return doc;
}

function readPopup(key: string, file: string, source: string): PopupDoc {
  const { meta, body } = split(file, source);
  const link = text(file, meta, 'link');
  if (!/^\/[^/]/.test(link) && link !== '/') {
    throw new ContentFileError(file, 'front matter "link" is a path of the site (/pt/produto/2)');
  }
  return {
    key,
    title: text(file, meta, 'title'),
    link,
    from: date(file, meta, 'from'),
    until: date(file, meta, 'until'),
    body,
  };
}

/**
 * Reads and checks `<brandDir>/content/{pages,faq,popups}`: each in every language the brand
 * offers (`languages`); a language it does not offer takes the default language's file.
 */
export async function scanContent(
  brandDir: string,
  languages: ContentLanguages = EVERY_LANGUAGE,
): Promise<BrandContent> {
  const root = path.join(brandDir, 'content');
  const pages = new Map<string, Record<Locale, PageDoc>>();
  for (const [key, entry] of await readFolder(path.join(root, 'pages'), languages)) {
    pages.set(
      key,
      perLocale(entry, (file, t) => readPage(key, file, t)),
    );
  }
  // A slug names one page per section and language.
  for (const locale of LOCALES) {
    for (const section of CONTENT_SECTIONS) {
      const seen = new Map<string, string>();
      for (const [key, docs] of pages) {
        const doc = docs[locale];
        if (!doc.sections.includes(section)) continue;
        const other = seen.get(doc.slug);
        if (other) {
          throw new ContentFileError(
            path.join(root, 'pages', `${key}.${locale}.md`),
            `slug "${doc.slug}" is also the slug of "${other}" in ${section}`,
          );
        }
        seen.set(doc.slug, key);
      }
    }
  }
  const faqFiles = await readFolder(path.join(root, 'faq'), languages);
  for (const key of faqFiles.keys()) {
    if (key !== 'faq') {
      throw new ContentFileError(path.join(root, 'faq', key), 'the FAQ files are faq.<locale>.md');
    }
  }
  const faqEntry = faqFiles.get('faq');
  const faq = faqEntry ? perLocale(faqEntry, (file, t) => readFaq(file, t)) : null;
  const popups = new Map<string, Record<Locale, PopupDoc>>();
  for (const [key, entry] of await readFolder(path.join(root, 'popups'), languages)) {
    popups.set(
      key,
      perLocale(entry, (file, t) => readPopup(key, file, t)),
    );
  }
  return { pages, faq, popups };
}

/** The page of `section` whose slug in `locale` is `slug`, if the brand has one. */
export function pageBySlug(
  content: BrandContent,
  section: ContentSection,
  locale: Locale,
  slug: string,
): PageDoc | null {
  const wanted = slug.toLowerCase();
  for (const docs of content.pages.values()) {
    const doc = docs[locale];
    if (doc.sections.includes(section) && doc.slug === wanted) return doc;
  }
  return null;
}

/**
 * The brand's content (its folders read again in the background once {@link RESCAN_MS} old; a
 * broken edit on a running server keeps the last good content: ./rescan.ts).
 */
export const contentOf: (brand: LoadedBrand) => Promise<BrandContent> = rescanned((brand) =>
  scanContent(brand.dir, contentLanguages(brand.brand)),
);

// --- What the API answers -------------------------------------------------------------------

function slugsOf(docs: Record<Locale, PageDoc>): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, docs[l].slug])) as Record<Locale, string>;
}

/** Pop-ups in force on `day` (YYYY-MM-DD). */
function inForce(p: PopupDoc, day: string): boolean {
  return p.from <= day && day <= p.until;
}

/** Every page and every pop-up in force, in `locale`. */
export function conteudos(content: BrandContent, locale: Locale, day: string): ConteudoResumo[] {
  const pages = [...content.pages.values()].map(
    (docs): ConteudoResumo => ({
      id: docs[locale].key,
      tipo: 'pagina',
      titulo: docs[locale].title,
      secoes: docs[locale].sections,
      slugs: slugsOf(docs),
      link: null,
    }),
  );
  const popups = [...content.popups.values()]
    .filter((docs) => inForce(docs[locale], day))
    .map(
      (docs): ConteudoResumo => ({
        id: docs[locale].key,
        tipo: 'popup',
        titulo: docs[locale].title,
        secoes: [],
        slugs: null,
        link: docs[locale].link,
      }),
    );
  return [...pages, ...popups];
}

/** One page or pop-up in `locale`, or null. */
export function conteudo(content: BrandContent, id: string, locale: Locale): Conteudo | null {
  const page = content.pages.get(id);
  if (page) {
    const doc = page[locale];
    return {
      id,
      tipo: 'pagina',
      titulo: doc.title,
      secoes: doc.sections,
      slugs: slugsOf(page),
      link: null,
      descricao: doc.description,
      html: markdownToHtml(doc.body),
      atualizado: doc.updated,
    };
  }
  const popup = content.popups.get(id);
  if (popup) {
    const doc = popup[locale];
    return {
      id,
      tipo: 'popup',
      titulo: doc.title,
      secoes: [],
      slugs: null,
      link: doc.link,
      descricao: '',
      html: markdownToHtml(doc.body),
      atualizado: null,
    };
  }
  return null;
}

/** The FAQ split into its categories and questions, answers as sanitised HTML. */
export function faqOf(doc: FaqDoc): Faq {
  const categorias: Faq['categorias'] = [];
  let answer: ReturnType<typeof markdownTokens> = [];
  let question: string | null = null;
  const close = () => {
    const category = categorias.at(-1);
    if (question !== null && category) {
      category.perguntas.push({ pergunta: question, resposta: tokensToHtml(answer) });
    }
    question = null;
    answer = [];
  };
  for (const token of markdownTokens(doc.body)) {
    if (token.type === 'heading' && token.depth === 2) {
      close();
      categorias.push({
        titulo: inlineText(token as Parameters<typeof inlineText>[0]),
        perguntas: [],
      });
    } else if (token.type === 'heading' && token.depth === 3) {
      close();
      question = inlineText(token as Parameters<typeof inlineText>[0]);
    } else if (question !== null) {
      answer.push(token);
    }
  }
  close();
  return { titulo: doc.title, descricao: doc.description, atualizado: doc.updated, categorias };
}
