import { useMemo, useState } from 'react';
import type { ApiErrorBody } from '#schemas/contract.ts';

/** Top-level field name of a form property path (`.email` → `email`); null for nested paths. */
function fieldName(path: string): string | null {
  const name = path.startsWith('.') ? path.slice(1) : path;
  return name !== '' && !/[.[\]]/.test(name) ? name : null;
}

/** The field errors of a server's error by field name, the first one of each field. */
export function fieldErrorsOf(error: ApiErrorBody | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of error?.fields ?? []) {
    const name = fieldName(f.field);
    if (name !== null && !Object.hasOwn(out, name)) out[name] = f.message;
  }
  return out;
}

/**
 * The server's field errors of the last rejected submit, for {@link SchemaForm}'s `fieldErrors`:
 * each shows beside its field until the person changes that field's value (then the form's own
 * validation speaks for it again). `local` adds errors found outside the form (an e-mail already
 * taken, found while typing); a server error of the same field wins.
 */
export function useServerFieldErrors(
  error: ApiErrorBody | null | undefined,
  data: Readonly<Record<string, unknown>>,
  local?: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> | undefined {
  // The values the rejected submit carried: the error arrives while the form waits for it.
  const [seen, setSeen] = useState({ error, values: data });
  if (seen.error !== error) setSeen({ error, values: data });
  const values = seen.error === error ? seen.values : data;
  const fromServer = useMemo(() => fieldErrorsOf(error), [error]);
  const out: Record<string, string> = { ...local };
  for (const [name, message] of Object.entries(fromServer)) {
    if (Object.is(data[name], values[name])) out[name] = message;
  }
  // The same errors keep the same object: the form reacts to a change of them only.
  const key = JSON.stringify(out);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `out`.
  return useMemo(() => (Object.keys(out).length > 0 ? out : undefined), [key]);
}

/**
 * Whether the server asked for the captcha: an error at `._recaptcha` turns it on, and it stays
 * on for the rest of this form.
 */
export function useCaptchaAsked(error: ApiErrorBody | null | undefined): boolean {
  const [asked, setAsked] = useState(false);
  if (!asked && error?.fields?.some((f) => f.field === '._recaptcha')) setAsked(true);
  return asked;
}
