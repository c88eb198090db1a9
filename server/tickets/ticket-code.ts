import { randomBytes } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A ticket code: 12 base32 characters from 60 random bits. */
export function newTicketCode(): string {
  const bytes = randomBytes(8);
  let bits = bytes.readBigUInt64BE();
  let code = '';
  for (let i = 0; i < 12; i++) {
    code += CODE_ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return code;
}
