// The delay schedule of failed logins (server/accounts/throttle.ts), printed for the README and
// the issue note: seconds to wait before the next try counts, after n failures.
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  delayAfter,
  PAIR_POLICY,
} from '../../server/accounts/throttle.ts';

console.log('failures  account+address  account (any address)  address (any account)');
for (let n = 1; n <= 20; n++) {
  console.log(
    `${String(n).padStart(8)}  ${String(delayAfter(n, PAIR_POLICY)).padStart(14)} s  ${String(
      delayAfter(n, ACCOUNT_POLICY),
    ).padStart(19)} s  ${String(delayAfter(n, ADDRESS_POLICY)).padStart(19)} s`,
  );
}
