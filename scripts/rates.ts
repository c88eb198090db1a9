/**
 * Operator command: the exchange rates of the currency modal (brands/<id>/rates.json).
 *
 *   npm run rates -- list [--brand <id>]
 *   npm run rates -- set <CODE> <reais> [--date YYYY-MM-DD] [--brand <id>]
 *   npm run rates -- remove <CODE> [--brand <id>]
 *
 * `set USD 5.32` means US$ 1 = R$ 5,32, taken today (Sao Paulo calendar) unless --date says
 * otherwise. Without --brand: the default brand (or the only one). The file is checked as the
 * server checks it (schemas/brand.schema.json `$defs/RatesFile`) before it is written, and
 * written in one step (a new file renamed over the old), so a running server, which watches the
 * brands folder, picks up a valid file and nothing else.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RatesFile } from '../schemas/brand.types';
import { shopWallClock } from '../schemas/shop-time';
import { formatProblem, loadBrands, ratesProblems } from '../server/brands/loader';
import { readEnv } from '../server/env';

const USAGE = [
  'usage: npm run rates -- list [--brand <id>]',
  '       npm run rates -- set <CODE> <reais> [--date YYYY-MM-DD] [--brand <id>]',
  '       npm run rates -- remove <CODE> [--brand <id>]',
].join('\n');

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) fail(USAGE);
  args.splice(at, 2);
  return value;
}
const brandId = option('--brand');
const date = option('--date');
const [command, code, value] = args;

const parsed = readEnv(process.env);
if (!parsed.ok) fail(parsed.problems.join('\n'));
const brands = await loadBrands(parsed.env.brandsDir);
const brand = brandId
  ? brands.find((b) => b.id === brandId)
  : (brands.find((b) => b.brand.default) ?? (brands.length === 1 ? brands[0] : undefined));
if (!brand) {
  fail(`No brand ${brandId ?? '(default)'}: use --brand <${brands.map((b) => b.id).join('|')}>.`);
}
const file = path.join(brand.dir, 'rates.json');
const shown = path.relative(process.cwd(), file) || file;

async function current(): Promise<RatesFile> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as RatesFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return { $schema: '../../schemas/brand.schema.json', cotacoes: [] };
    }
    fail(`${shown}: cannot be read (${(err as Error).message})`, 1);
  }
}

async function save(next: RatesFile): Promise<void> {
  const problems = ratesProblems(next, shown);
  if (problems.length > 0) fail(problems.map(formatProblem).join('\n'), 1);
  const tmp = path.join(brand!.dir, `.rates.json.${process.pid}.tmp`);
  await writeFile(tmp, `${JSON.stringify(next, null, 2)}\n`);
  await rename(tmp, file);
}

const list = (r: RatesFile) =>
  r.cotacoes.length === 0
    ? `${brand.id}: no rates (prices in BRL only).`
    : r.cotacoes.map((c) => `${c.moeda} 1 = BRL ${c.reais} (${c.data})`).join('\n');

const rates = await current();
if (command === 'list' && !code) {
  console.log(list(rates));
} else if (command === 'set' && code && value && args.length === 3) {
  const moeda = code.toUpperCase();
  const reais = Number(value.replace(',', '.'));
  if (!Number.isFinite(reais)) fail(`${value} is not a number (reais per unit, e.g. 5.32)`, 1);
  const entry = { moeda, reais, data: date ?? shopWallClock(new Date()).date };
  const at = rates.cotacoes.findIndex((c) => c.moeda === moeda);
  if (at >= 0) rates.cotacoes[at] = entry;
  else rates.cotacoes.push(entry);
  await save(rates);
  console.log(`${shown}: ${moeda} 1 = BRL ${reais} (${entry.data}).`);
} else if (command === 'remove' && code && args.length === 2) {
  const moeda = code.toUpperCase();
  const next = { ...rates, cotacoes: rates.cotacoes.filter((c) => c.moeda !== moeda) };
  if (next.cotacoes.length === rates.cotacoes.length) fail(`${shown}: no rate for ${moeda}.`, 1);
  await save(next);
  console.log(`${shown}: ${moeda} removed.`);
} else {
  fail(USAGE);
}
