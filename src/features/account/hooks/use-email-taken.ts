import { useEffect, useRef, useState } from 'react';
import { isEmail } from '#schemas/formats/email.ts';
import { postValidaEmail } from '#src/api/rest.ts';
import { createDebouncedLookup, type DebouncedLookup } from '../debounced-lookup';

/** The wait after the last keystroke before the e-mail is checked. */
export const EMAIL_CHECK_DELAY_MS = 600;

const normalize = (email: unknown): string | null => {
  if (typeof email !== 'string') return null;
  const e = email.trim().toLowerCase();
  return e !== '' && isEmail(e) ? e : null;
};

/**
 * Whether the e-mail being typed already has an account (CustomUserApps/ValidaEmail), checked
 * once the typing paused. True only for the value on screen: editing it hides the answer until
 * the next check. A failed check (offline, rate limit) says nothing; the server checks again
 * at sign-up.
 */
export function useEmailTaken(email: unknown): boolean {
  const [taken, setTaken] = useState<string | null>(null);
  const lookup = useRef<DebouncedLookup<string> | null>(null);
  if (lookup.current === null) {
    lookup.current = createDebouncedLookup<string, boolean | null>({
      delayMs: EMAIL_CHECK_DELAY_MS,
      lookup: async (value, signal) =>
        (await postValidaEmail(value, { display: 'inline', signal })).disponivel === false,
      onResult: (value, isTaken) => setTaken(isTaken ? value : null),
    });
  }
  const current = normalize(email);
  useEffect(() => {
    lookup.current?.push(current);
  }, [current]);
  useEffect(() => () => lookup.current?.cancel(), []);
  return current !== null && taken === current;
}
