import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#schemas/contract.ts';
import { isServerOnlyMessage, SERVER_ONLY_MESSAGE_PREFIXES } from '#schemas/server-messages.ts';

const root = join(import.meta.dirname, '..', '..');
const locales = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    JSON.parse(readFileSync(join(root, 'locales', `${l}.json`), 'utf8')) as Record<string, string>,
  ]),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** Message ids written in src/: `id: '…'` (formatMessage) and `id="…"` (FormattedMessage). */
function usedIds(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [/\bid:\s*'([^']+)'/g, /\bid="([^"]+)"/g];
  for (const file of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) {
      for (const m of text.matchAll(re)) found.set(m[1]!, relative(root, file));
    }
  }
  return found;
}

function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (
      el.type === TYPE.argument ||
      el.type === TYPE.number ||
      el.type === TYPE.date ||
      el.type === TYPE.time
    ) {
      out.add(el.value);
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    } else if (el.type === TYPE.tag) {
      argumentsOf(el.children, out);
    }
  }
  return out;
}

/** Every file under `dir` whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** The `es-ES` strings of a brand's JSON (names, descriptions, forms' labels…), at any depth. */
function spanishStrings(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) spanishStrings(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'es-ES' && typeof v === 'string') out.push(v);
      else spanishStrings(v, out);
    }
  }
  return out;
}

/**
 * Words that only the formal register (usted) uses: the pronoun and imperatives a text in tú
 * never has. A sentence in tú says "contacta", "consulta", "elige", "avísanos".
 */
const USTED =
  /\b(usted|ustedes|avísenos|díganoslo|muéstrelo|preséntese|quédese|inténtelo|contacte|consulte|elija|introduzca|seleccione)\b/iu;

describe('locales', () => {
  it('address the reader in tú in Spanish: the messages and every es-ES text of the brands', () => {
    const texts: [string, string][] = Object.entries(locales['es-ES']!).map(([id, text]) => [
      `locales/es-ES.json ${id}`,
      text,
    ]);
    const brands = join(root, 'brands');
    for (const file of filesUnder(brands, (n) => n.endsWith('.es-ES.md'))) {
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        texts.push([`${relative(root, file)}:${i + 1}`, line]);
      }
    }
    for (const file of filesUnder(brands, (n) => n.endsWith('.json'))) {
      for (const text of spanishStrings(JSON.parse(readFileSync(file, 'utf8')))) {
        texts.push([relative(root, file), text]);
      }
    }
    expect(texts.length).toBeGreaterThan(500);
    const formal = texts.filter(([, text]) => USTED.test(text)).map(([where]) => where);
    expect(formal).toEqual([]);
  });

  it('have exactly the same keys in every language', () => {
    const reference = Object.keys(locales['pt-BR']!).sort();
    for (const l of LOCALES) {
      expect(Object.keys(locales[l]!).sort(), l).toEqual(reference);
    }
  });

  it('name no captcha vendor in any text a person sees (the widget is the brand’s choice)', () => {
    for (const [locale, messages] of Object.entries(locales)) {
      const named = Object.entries(messages).filter(([, text]) =>
        /recaptcha|altcha|hcaptcha|turnstile/i.test(text),
      );
      expect(named, locale).toEqual([]);
    }
  });

  it('have no empty message', () => {
    for (const l of LOCALES) {
      for (const [k, v] of Object.entries(locales[l]!)) expect(v.trim(), `${l} ${k}`).not.toBe('');
    }
  });

  it('are valid ICU messages with the same arguments in every language', () => {
    for (const key of Object.keys(locales['pt-BR']!)) {
      const args = LOCALES.map((l) => [...argumentsOf(parse(locales[l]![key]!))].sort());
      expect(args[1], `es-ES ${key}`).toEqual(args[0]);
      expect(args[2], `en-US ${key}`).toEqual(args[0]);
    }
  });

  it('leave out of the browser only messages src/ never uses (the server’s own)', () => {
    const used = [...usedIds()].filter(([id]) => isServerOnlyMessage(id));
    expect(used).toEqual([]);
    // Nothing in src/ builds such an id from a prefix either.
    const built = sourceFiles(join(root, 'src')).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return SERVER_ONLY_MESSAGE_PREFIXES.some(
        (p) => text.includes(`'${p}`) || text.includes(`\`${p}`),
      );
    });
    expect(built).toEqual([]);
    // Each prefix names messages that exist (a renamed prefix would strip nothing).
    for (const prefix of SERVER_ONLY_MESSAGE_PREFIXES) {
      expect(
        Object.keys(locales['pt-BR']!).some((id) => id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('contain every message id used in src/', () => {
    const used = usedIds();
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used]
      .filter(([id]) => !(id in locales['pt-BR']!))
      .map(([id, f]) => `${id} (${f})`);
    expect(missing).toEqual([]);
  });
});
