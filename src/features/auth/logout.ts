import { postLogout } from '#src/api/rest.ts';
import { clearSession } from '#src/lib/session-store.ts';
import { clearLocalCart } from '#src/lib/ui-stores.ts';

/**
 * Logout (spec §2 special target, issue 9 item 10): the server revokes the token, then token,
 * session and cart are forgotten here. Answers the identity provider's logout address, where its
 * session ends and which returns to the site, if the session came from one. A failed call still
 * logs out this browser.
 */
export async function logout(): Promise<string | null> {
  let logoutUrl: string | null = null;
  try {
    logoutUrl = (await postLogout({ display: 'inline' })).logoutUrl ?? null;
  } catch {
    // Offline or the session already gone: forgetting it here is what matters to the person.
  }
  clearSession();
  clearLocalCart();
  return logoutUrl;
}
