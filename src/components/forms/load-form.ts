import { compiledFormKey, loadCompiledForm } from 'virtual:form-validators';
import type { CompiledForm, RuntimeFormFlags } from './compiled-form';

export type Loaded = { ok: true; form: CompiledForm } | { ok: false; retry(): void };

const chunks = new Map<string, Promise<Loaded>>();

/** The form's chunk, loaded once per composition (a failed load can be retried). */
export function loadFormCached(
  brandId: string,
  formId: string,
  flags: RuntimeFormFlags,
): Promise<Loaded> {
  const key = compiledFormKey(brandId, formId, flags);
  let p = chunks.get(key);
  if (!p) {
    p = loadCompiledForm(brandId, formId, flags).then(
      (form): Loaded => ({ ok: true, form }),
      (): Loaded => ({ ok: false, retry: () => chunks.delete(key) }),
    );
    chunks.set(key, p);
  }
  return p;
}
