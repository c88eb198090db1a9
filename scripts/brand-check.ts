// npm run brand:check <dir>: checks a brand folder (or a folder of brands) as the server's start
// would, printing one line per problem (file, JSON path, reason); exits 1 on any, 2 on misuse.
import { checkBrandDir, formatProblem } from '../server/brands/loader';

const dirs = process.argv.slice(2).filter((a) => a !== '--');
if (dirs.length === 0) {
  console.error('Usage: npm run brand:check <brand folder> [more folders…]');
  console.error('  e.g. npm run brand:check brands/my-brand   (or brands/ for every brand)');
  process.exit(2);
}
let problems = 0;
for (const dir of dirs) {
  const found = await checkBrandDir(dir);
  for (const p of found) console.error(formatProblem(p));
  if (found.length === 0) console.log(`${dir}: ok`);
  problems += found.length;
}
if (problems > 0) {
  console.error(`${problems} problem${problems === 1 ? '' : 's'} found`);
  process.exit(1);
}
