/**
 * Which captcha a brand uses. ALTCHA (self-hosted proof of work) is the default and works
 * offline; reCAPTCHA is used only when the brand asks for it (`captcha.provider`, or a site key
 * without a provider) AND the server has the matching secret — otherwise the shop would show a
 * widget whose tokens it cannot check.
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { CaptchaProvider } from '#schemas/contract.ts';

type EnvSource = Record<string, string | undefined>;

/** Google's verification endpoint (RECAPTCHA_VERIFY_URL replaces it, for tests). */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** The env name of a brand's own reCAPTCHA secret: `my-brand` → `RECAPTCHA_SECRET_MY_BRAND`. */
export function brandSecretEnvName(brandId: string): string {
  return `RECAPTCHA_SECRET_${brandId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * The reCAPTCHA secret for a brand: its own `RECAPTCHA_SECRET_<ID>` (a secret belongs to one site
 * key, and brands have their own keys), else `RECAPTCHA_SECRET`; null when neither is set.
 */
export function recaptchaSecret(brand: LoadedBrand, env: EnvSource = process.env): string | null {
  const own = env[brandSecretEnvName(brand.id)]?.trim();
  if (own) return own;
  return env.RECAPTCHA_SECRET?.trim() || null;
}

/** What the brand file asks for, before looking at the server's secrets. */
export function requestedProvider(brand: LoadedBrand): CaptchaProvider {
  const c = brand.brand.captcha;
  if (c.provider) return c.provider;
  return c.siteKey.trim() !== '' ? 'recaptcha' : 'altcha';
}

/** The provider the brand really uses on this server (see the module comment). */
export function captchaProvider(brand: LoadedBrand, env: EnvSource = process.env): CaptchaProvider {
  if (requestedProvider(brand) !== 'recaptcha') return 'altcha';
  if (brand.brand.captcha.siteKey.trim() === '') return 'altcha';
  return recaptchaSecret(brand, env) ? 'recaptcha' : 'altcha';
}

/** The siteverify URL (RECAPTCHA_VERIFY_URL, for a local fake in tests). */
export function recaptchaVerifyUrl(env: EnvSource = process.env): string {
  return env.RECAPTCHA_VERIFY_URL?.trim() || RECAPTCHA_VERIFY_URL;
}
