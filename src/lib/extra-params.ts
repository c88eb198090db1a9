import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Campaign parameters of the landing URL (utm_*, canal) are kept and sent with every API call
 * so the server can attribute the sale, even after the visitor navigated away from the link.
 */
const CAPTURED = /^(utm_[a-z_]+|canal)$/i;

export function captureExtraParams(search: string): void {
  const incoming = new URLSearchParams(search);
  const found: Record<string, string> = {};
  for (const [k, v] of incoming) {
    if (CAPTURED.test(k) && v) found[k] = v;
  }
  if (Object.keys(found).length > 0) {
    writeJson(STORAGE_KEYS.extraParams, { ...getExtraParams(), ...found });
  }
}

export function getExtraParams(): Record<string, string> {
  return readJson<Record<string, string>>(STORAGE_KEYS.extraParams) ?? {};
}
