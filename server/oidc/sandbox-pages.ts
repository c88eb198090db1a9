/**
 * The sandbox provider's pages: log in (pick a demo account), log out, logged out, error.
 * Plain localized HTML forms with no script at all (the CSP forbids inline script) and nothing
 * from another origin, so they work offline and in the browser tests.
 */
import type { Locale } from '#schemas/contract.ts';
import { escapeHtml, htmlPage } from '#server/html.ts';
import { type MessageId, t } from '#server/i18n.ts';

/** Message ids of the sandbox pages (locales/*.json `sandboxIdp.*`). */
type SandboxText =
  | 'title'
  | 'intro'
  | 'notice'
  | 'email'
  | 'givenName'
  | 'familyName'
  | 'emailVerified'
  | 'continue'
  | 'cancel'
  | 'emailInvalid'
  | 'logoutTitle'
  | 'logoutQuestion'
  | 'logoutYes'
  | 'logoutNo'
  | 'loggedOut'
  | 'errorTitle'
  | 'errorText';

// The server's message type lists the API's ids; these pages' ids live in the same files.
const text = (locale: Locale, id: SandboxText): string =>
  escapeHtml(t(locale, `sandboxIdp.${id}` as MessageId));

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
body{margin:0;background:#f3f4f6;color:#111827}
main{max-width:26rem;margin:3rem auto;padding:1.5rem 1.75rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{line-height:1.5}
.notice{font-size:.9rem;background:#fef3c7;border-left:4px solid #92400e;padding:.5rem .75rem}
.error{color:#991b1b;font-weight:600}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=text]{box-sizing:border-box;width:100%;padding:.5rem;font-size:1rem;border:1px solid #6b7280;border-radius:.25rem}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}
.check input{margin-top:.25rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
button{font-size:1rem;padding:.6rem 1.1rem;border-radius:.25rem;border:1px solid #1e3a8a;cursor:pointer}
button.primary{background:#1e3a8a;color:#fff}
button.secondary{background:#fff;color:#1e3a8a}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;

function page(locale: Locale, title: string, body: string): string {
  return htmlPage({ lang: locale, titleHtml: title, style: STYLE, body });
}

/** What the login page shows (and shows again after a bad e-mail). */
export interface LoginPageData {
  locale: Locale;
  /** Where the form posts. */
  action: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
  /** The e-mail was refused. */
  invalidEmail?: boolean;
}

/** The login page: a demo account's e-mail and name, Continue or Cancel. */
export function loginPage(d: LoginPageData): string {
  const l = d.locale;
  const err = d.invalidEmail
    ? `<p class="error" id="email-error" role="alert">${text(l, 'emailInvalid')}</p>`
    : '';
  return page(
    l,
    text(l, 'title'),
    `<h1>${text(l, 'title')}</h1>
<p>${text(l, 'intro')}</p>
<p class="notice">${text(l, 'notice')}</p>
${err}
<form method="post" action="${escapeHtml(d.action)}">
<label for="email">${text(l, 'email')}</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(d.email)}"${d.invalidEmail ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
<label for="given_name">${text(l, 'givenName')}</label>
<input id="given_name" name="given_name" type="text" autocomplete="given-name" maxlength="100" value="${escapeHtml(d.givenName)}">
<label for="family_name">${text(l, 'familyName')}</label>
<input id="family_name" name="family_name" type="text" autocomplete="family-name" maxlength="100" value="${escapeHtml(d.familyName)}">
<label class="check"><input name="email_verified" type="checkbox" value="1"${d.emailVerified ? ' checked' : ''}> ${text(l, 'emailVerified')}</label>
<div class="actions">
<button class="primary" type="submit" name="action" value="login">${text(l, 'continue')}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${text(l, 'cancel')}</button>
</div>
</form>`,
  );
}

/**
 * The logout question. `form` is oidc-provider's form (id `op.logoutForm`, its anti-forgery
 * field); the buttons submit it, "yes" with `logout=yes`.
 */
export function logoutPage(locale: Locale, form: string): string {
  return page(
    locale,
    text(locale, 'logoutTitle'),
    `<h1>${text(locale, 'logoutTitle')}</h1>
<p>${text(locale, 'logoutQuestion')}</p>
${form}
<div class="actions">
<button class="primary" autofocus type="submit" form="op.logoutForm" name="logout" value="yes">${text(locale, 'logoutYes')}</button>
<button class="secondary" type="submit" form="op.logoutForm">${text(locale, 'logoutNo')}</button>
</div>`,
  );
}

/** Shown after a logout that named no address to return to. */
export function loggedOutPage(locale: Locale): string {
  return page(
    locale,
    text(locale, 'logoutTitle'),
    `<h1>${text(locale, 'logoutTitle')}</h1>
<p>${text(locale, 'loggedOut')}</p>`,
  );
}

/** An error of the provider (bad or expired request); `code` is the OAuth error code. */
export function errorPage(locale: Locale, code: string): string {
  return page(
    locale,
    text(locale, 'errorTitle'),
    `<h1>${text(locale, 'errorTitle')}</h1>
<p>${text(locale, 'errorText')}</p>
<p><code>${escapeHtml(code)}</code></p>`,
  );
}
