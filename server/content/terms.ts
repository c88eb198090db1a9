/**
 * Terms are versioned content of a brand: `brands/<id>/content/terms/<tipo>/<version>.<locale>.md`
 * where `<tipo>` is the term type (idtipo_termo: 1 terms of use, accepted at sign-up and login;
 * 2 purchase terms) and `<version>` the date the version comes into force (`YYYY-MM-DD`). The
 * current version of a type is the newest one in force today; publishing a version is adding
 * its files (read again in the background every {@link RESCAN_MS}, no restart). The first `# heading` is the
 * title; the rest is Markdown rendered to sanitised HTML (./markdown.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { LOCALES, type Locale, type Termo } from '#schemas/contract.ts';
import { shopWallClock } from '#schemas/shop-time.ts';
import {
  type ContentLanguages,
  contentLanguages,
  EVERY_LANGUAGE,
  everyLanguage,
} from './languages';
import { markdownToHtml } from './markdown';
import { RESCAN_MS, rescanned } from './rescan';

/** Term types the product knows. */
export const TERMO_USO = 1;
export const TERMO_COMPRA = 2;

const VERSION_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FILE_RE = /^(\d{4}-\d{2}-\d{2})\.([a-z]{2}-[A-Z]{2})\.md$/;

/**
 * A content file (page, FAQ, pop-up or terms version) that breaks a rule: the brand loader
 * refuses to start with it and names the file and the reason.
 */
export class ContentFileError extends Error {
  override readonly name = 'ContentFileError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** One version of one type, in every locale. */
export interface TermVersion {
  tipo: number;
  versao: string;
  idtermo: number;
  /** Locale → Markdown source. */
  source: Partial<Record<Locale, string>>;
}

/** idtermo of a version: the type and the date, so it is stable and readable (2_2026_11_23). */
export function idtermoOf(tipo: number, versao: string): number {
  return tipo * 100_000_000 + Number(versao.replaceAll('-', ''));
}

/** Title (first `# heading`) and sanitised HTML of a term's Markdown. */
export function renderTerm(markdown: string): { titulo: string; html: string } {
  const m = /^#\s+(.+)\s*$/m.exec(markdown);
  const titulo = m ? m[1]!.trim() : '';
  const body = m ? markdown.replace(m[0], '') : markdown;
  return { titulo, html: markdownToHtml(body) };
}

const termScans = rescanned((brand) => scanTerms(brand.dir, contentLanguages(brand.brand)));

/**
 * Every version of every type of the brand's terms (the folder read again in the background
 * once {@link RESCAN_MS} old: ./rescan.ts).
 */
export function termVersions(brand: LoadedBrand): Promise<TermVersion[]> {
  return termScans(brand);
}

/** Forget what was read (tests that publish a version). */
export function forgetTermScans(): void {
  termScans.forget();
}

/**
 * Reads `<brandDir>/content/terms`. Throws with the file and the reason when a version lacks a
 * language the brand offers or a file is misnamed, so the brand loader can refuse to start. A
 * language the brand does not offer takes the default language's text.
 */
export async function scanTerms(
  brandDir: string,
  languages: ContentLanguages = EVERY_LANGUAGE,
): Promise<TermVersion[]> {
  const root = path.join(brandDir, 'content', 'terms');
  let types: string[];
  try {
    types = await readdir(root);
  } catch {
    return [];
  }
  const out: TermVersion[] = [];
  for (const t of types) {
    if (!/^\d+$/.test(t)) {
      throw new ContentFileError(path.join(root, t), 'a terms folder is a type number (1, 2…)');
    }
    const tipo = Number(t);
    const byVersion = new Map<string, TermVersion>();
    for (const file of await readdir(path.join(root, t))) {
      const m = FILE_RE.exec(file);
      if (!m || !VERSION_RE.test(m[1]!) || !(LOCALES as readonly string[]).includes(m[2]!)) {
        throw new ContentFileError(
          path.join(root, t, file),
          `name a term file <YYYY-MM-DD>.<locale>.md with locale one of ${LOCALES.join(', ')}`,
        );
      }
      const versao = m[1]!;
      const v = byVersion.get(versao) ?? {
        tipo,
        versao,
        idtermo: idtermoOf(tipo, versao),
        source: {},
      };
      v.source[m[2] as Locale] = await readFile(path.join(root, t, file), 'utf8');
      byVersion.set(versao, v);
    }
    for (const v of byVersion.values()) {
      const missing = languages.required.filter((l) => !v.source[l]?.trim());
      if (missing.length > 0) {
        throw new ContentFileError(
          path.join(root, t),
          `version ${v.versao} has no text in ${missing.join(', ')}`,
        );
      }
      out.push({ ...v, source: everyLanguage(v.source, languages) });
    }
  }
  return out.sort((a, b) => a.tipo - b.tipo || a.versao.localeCompare(b.versao));
}

/**
 * Today's date in the shop's zone (versions come into force at the start of their day), from the
 * shop's clock, which asks the time-zone database once an hour: every hold asks for it.
 */
function today(now: Date): string {
  return shopWallClock(now).date;
}

/** The version of `tipo` in force at `now`, if the brand has one. */
export async function currentVersion(
  brand: LoadedBrand,
  tipo: number,
  now = new Date(),
): Promise<TermVersion | undefined> {
  const day = today(now);
  const inForce = (await termVersions(brand)).filter((v) => v.tipo === tipo && v.versao <= day);
  return inForce.at(-1);
}

/** The version with `idtermo`, if the brand has it. */
export async function versionById(
  brand: LoadedBrand,
  idtermo: number,
): Promise<TermVersion | undefined> {
  return (await termVersions(brand)).find((v) => v.idtermo === idtermo);
}

/** The current version of every type. */
export async function currentVersions(
  brand: LoadedBrand,
  now = new Date(),
): Promise<TermVersion[]> {
  const types = [...new Set((await termVersions(brand)).map((v) => v.tipo))];
  const found = await Promise.all(types.map((t) => currentVersion(brand, t, now)));
  return found.filter((v): v is TermVersion => v !== undefined);
}

/** A version as the API answers it, in `locale`. */
export function termoOf(v: TermVersion, locale: Locale): Termo {
  const { titulo, html } = renderTerm(v.source[locale] ?? v.source['pt-BR'] ?? '');
  return {
    idtermo: v.idtermo,
    idtipo_termo: v.tipo,
    dsctermo: titulo,
    termo: html,
    versao: v.versao,
  };
}
