import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHORT_HOLD_PORT } from '../../playwright.config';
import type { Locale } from '../../schemas/contract';
import { expect, type Page, test } from './fixtures';
import { axeViolations, msg } from './support';

// Every form of schemas/forms on /dev/forms (a build with the development pages), as the demo
// brand composes it: the invalid sample shows each expected error, localized, beside its field;
// the valid sample submits; with its errors shown it meets WCAG 2.2 AA. All under the server's
// Content-Security-Policy (no 'unsafe-eval').

interface Samples {
  invalidErrors: Array<{ field: string; id: string; values?: Record<string, string | number> }>;
}

const LOCALES: Array<{ locale: Locale; prefix: string; phone: boolean }> = [
  { locale: 'pt-BR', prefix: 'pt', phone: true },
  { locale: 'en-US', prefix: 'en', phone: false },
];

/** Every form of schemas/forms: each has its schema, uiSchema and samples there. */
const FORM_IDS = readdirSync('schemas/forms')
  .filter((f) => f.endsWith('.samples.json'))
  .map((f) => f.slice(0, -'.samples.json'.length));

function samples(formId: string): Samples {
  return JSON.parse(readFileSync(`schemas/forms/${formId}.samples.json`, 'utf8')) as Samples;
}

/** CSP violations the page reports (a blocked eval, inline script or style). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
  ];
}

/**
 * One form's invalid sample, submitted: each expected error shows at its field, and for
 * assistive technology the control names its error ({@link submitValid} does the valid one).
 */
async function showsInvalidErrors(page: Page, locale: Locale, formId: string) {
  // The form itself, not the last one still shown while this one loads.
  await expect(page.locator(`[id="form-${formId}"]`)).toBeVisible();
  const submit = page.getByTestId('form-submit');
  await expect(submit).toBeVisible();
  await page.getByRole('button', { name: msg(locale, 'formui.dev.loadInvalid') }).click();
  await submit.click();
  const expected = samples(formId).invalidErrors;
  expect(expected.length).toBeGreaterThan(0);
  for (const e of expected) {
    const fieldId = `${formId}${e.field.replaceAll('.', '_')}`;
    const error = page.locator(`[id="${fieldId}__error"]`);
    await expect(error, `${formId} ${e.field}`).toBeVisible();
    await expect(error).toContainText(msg(locale, e.id, e.values));
    const control = page.locator(`[id="${fieldId}"]`);
    if (await control.isVisible()) {
      await expect(control).toHaveAttribute('aria-describedby', new RegExp(`${fieldId}__error`));
      await expect(control).toHaveAttribute('aria-invalid', 'true');
    }
  }
  await expect(page.getByTestId('dev-form-valid')).toHaveCount(0);
}

async function submitValid(page: Page, locale: Locale) {
  await page.getByRole('button', { name: msg(locale, 'formui.dev.loadValid') }).click();
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('dev-form-valid')).toBeVisible();
  await expect(page.getByText(msg(locale, 'formui.dev.valid'))).toBeVisible();
  await expect(page.locator('[id$="__error"]')).toHaveCount(0);
}

/**
 * Every form in one page per locale, switched in place by its tab (a page load per form cost
 * 10–20 s each, almost all start-up). In Portuguese on a phone, each form with its errors shown
 * is also checked with axe-core against WCAG 2.2 A/AA and axe's best practices.
 */
for (const { locale, prefix, phone } of LOCALES) {
  test.describe(`every form (${prefix}${phone ? ', phone' : ''})`, () => {
    if (phone) test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test(`invalid data shows each error at its field, valid data submits${phone ? '; WCAG 2.2 AA with the errors shown' : ''}`, async ({
      page,
    }) => {
      test.setTimeout(FORM_IDS.length * 30_000);
      const violations = await watchCsp(page);
      const response = await page.goto(`/${prefix}/dev/forms?form=${FORM_IDS[0]}`);
      expect(response?.headers()['content-security-policy']).not.toContain('unsafe-eval');
      for (const formId of FORM_IDS) {
        await test.step(formId, async () => {
          const tab = page.getByRole('tab', { name: formId, exact: true });
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          await expect(page).toHaveURL(new RegExp(`form=${formId}$`));
          await showsInvalidErrors(page, locale, formId);
          // The form with its errors (the page around it, the shop's frame, is checked whole on
          // the shopper's screens: a11y.spec.ts).
          if (phone) expect(await axeViolations(page, `[id="form-${formId}"]`), formId).toEqual([]);
          await submitValid(page, locale);
        });
      }
      expect(await violations()).toEqual([]);
    });
  });
}

test('a person sees field errors while filling the registration, and the strength meter', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  await page.goto('/en/dev/forms?form=registration');
  const email = page.getByRole('textbox', { name: msg('en-US', 'form.field.email'), exact: true });
  const emailError = page.locator('[id="registration_email__error"]');
  // Passing through an empty field says nothing (no "required" under the pointer that moves
  // the next control); a field the person emptied again says it is required.
  await email.focus();
  await email.blur();
  await expect(emailError).toHaveCount(0);
  await email.fill('m');
  await email.fill('');
  await email.blur();
  await expect(emailError).toHaveText(msg('en-US', 'form.error.required'));
  await email.fill('maria@example');
  await email.blur();
  await expect(emailError).toHaveText(msg('en-US', 'form.error.email'));
  await email.fill('maria@example.com');
  await email.blur();
  await expect(emailError).toHaveCount(0);

  // The meter lists what a password still lacks, live, while the person types.
  const password = page.getByRole('textbox', {
    name: msg('en-US', 'form.field.senha'),
    exact: true,
  });
  await password.fill('abc');
  const meter = page.locator('[id="registration_senha__strength"]');
  await expect(meter).toContainText(msg('en-US', 'formui.password.rule.maicusculo'));
  await password.fill('Abc@12345');
  await expect(meter).not.toContainText(msg('en-US', 'formui.password.rule.maicusculo'));

  // The CPF mask formats raw digits as they are typed.
  const cpf = page.getByRole('textbox', { name: msg('en-US', 'form.field.cpf'), exact: true });
  await cpf.pressSequentially('52998224725');
  await expect(cpf).toHaveValue('529.982.247-25');
  expect(await violations()).toEqual([]);
});

test('the built storefront generates no code at run time', () => {
  const assets = join('dist', 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const code = readFileSync(join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/new Function\s*\(|(?<![\w$.])eval\s*\(/);
  }
});

test('RJSF and the validators load only when a form shows; production has no /dev/forms', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/pt');
  await expect(page.getByRole('heading', { name: msg('pt-BR', 'home.eventsTitle') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const formCode = /schema-form-impl|^\/form-validators\//;
  expect(scripts.filter((s) => formCode.test(s))).toEqual([]);

  await page.getByRole('button', { name: msg('pt-BR', 'header.login') }).click();
  await expect(page.getByRole('dialog').getByTestId('form-submit')).toBeVisible();
  expect(scripts.filter((s) => /schema-form-impl/.test(s))).toHaveLength(1);
  // The login form's module, written by the server for the brand (no build composes forms).
  expect(scripts.filter((s) => s === '/form-validators/login.js')).toHaveLength(1);

  // A server without STOREFRONT_DEV_PAGES=1, as in production (the short-hold one; the main
  // test server opens the development pages): the path is not found, the page's code not loaded.
  await page.goto(`http://127.0.0.1:${SHORT_HOLD_PORT}/pt/dev/forms`);
  await expect(
    page.getByRole('heading', { name: msg('pt-BR', 'page.notFound.title') }),
  ).toBeVisible();
  expect(scripts.filter((s) => /dev-forms/.test(s))).toEqual([]);
});
