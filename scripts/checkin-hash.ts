/**
 * Prints the argon2id hash of a check-in staff password, for brand.json `checkin.staff`:
 * `npx tsx scripts/checkin-hash.ts '<password>'`.
 */
import { hash } from '@node-rs/argon2';

const password = process.argv[2];
if (!password || password.length < 10) {
  process.stderr.write(
    'usage: npx tsx scripts/checkin-hash.ts <password of 10 or more characters>\n',
  );
  process.exit(2);
}
// argon2id (algorithm 2), OWASP's minimum: 19 MiB, 2 iterations, 1 lane.
process.stdout.write(
  `${await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 })}\n`,
);
