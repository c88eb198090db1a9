/**
 * What this tab remembers of the hold it made (sessionStorage: a reload keeps it; another tab
 * does not, and a logout forgets it: `clearSession`), so the checkout machine tells that hold
 * from one left by an earlier visit.
 */
import { STORAGE_KEYS } from '#src/lib/storage.ts';

const HELD_HERE_KEY = STORAGE_KEYS.heldHere;

export function rememberHeldHere(id: number | null): void {
  try {
    if (id !== null) sessionStorage.setItem(HELD_HERE_KEY, String(id));
  } catch {
    // Blocked storage: a reload then takes the hold for an earlier visit's, and says so.
  }
}

export function heldHere(): number | null {
  try {
    const id = Number(sessionStorage.getItem(HELD_HERE_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
