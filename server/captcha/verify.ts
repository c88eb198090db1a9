/**
 * The captcha check the account and contact routes call: whether a brand requires a captcha for
 * an action, and whether a token passes it with the brand's provider (server/captcha/provider).
 */
import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { Db } from '#server/db/client.ts';
import { verifyAltcha } from './altcha';
import { captchaProvider, recaptchaSecret, recaptchaVerifyUrl } from './provider';
import { verifyRecaptcha } from './recaptcha';

/** An action a brand may protect with a captcha. */
export type CaptchaAction = 'login' | 'register' | 'contact' | 'payment' | 'forgot';

/**
 * Whether `token` is a valid, unused captcha solution for the brand's provider. Marks an ALTCHA
 * solution used (table captchaUsado, insert … on conflict do nothing; replay → false).
 * reCAPTCHA: POST to Google's siteverify with RECAPTCHA_SECRET (only when configured; a network
 * failure → false).
 */
export async function verifyCaptcha(
  db: Db,
  brand: LoadedBrand,
  token: unknown,
  ip: string,
): Promise<boolean> {
  if (captchaProvider(brand) === 'recaptcha') {
    const secret = recaptchaSecret(brand);
    if (!secret) return false;
    return verifyRecaptcha(secret, token, ip, recaptchaVerifyUrl());
  }
  return verifyAltcha(db, brand, token);
}

/**
 * Whether the brand requires a captcha for this action. `forgot` follows `login`, like the
 * forgot-password form does (schemas/forms/compose.ts CAPTCHA_FLAG).
 */
export function captchaRequired(brand: LoadedBrand, action: CaptchaAction): boolean {
  const flags = brand.brand.captcha;
  return flags[action === 'forgot' ? 'login' : action];
}
