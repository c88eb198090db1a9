import { FORMATS } from '#schemas/formats/index.ts';
import * as runtime from '#schemas/forms/runtime.ts';
import type { CompiledForm, RuntimeFormFlags } from './compiled-form';

export type Loaded = { ok: true; form: CompiledForm } | { ok: false; retry(): void };

/**
 * Where a form's module is (server/forms/browser-forms.ts): in the browser the server's
 * `/form-validators/<form>.js` for the page's brand; the server's own rendering sets the module's
 * text directly (src/entry-server.tsx).
 */
type ModuleAddress = (brandId: string, formId: string, flags: string) => string;

let addressOf: ModuleAddress = (_brandId, formId, flags) =>
  `/form-validators/${formId}.js${flags ? `?flags=${flags}` : ''}`;

/** The server's rendering: forms come from `address` (data: URLs of the server's modules). */
export function setFormModuleAddress(address: ModuleAddress): void {
  addressOf = address;
}

/** What a form's module exports. */
interface FormModule {
  formSchema: Record<string, unknown>;
  formUiSchema: Record<string, unknown>;
  validateFns(formats: unknown, helpers: unknown): CompiledForm['validateFns'];
}

const chunks = new Map<string, Promise<Loaded>>();

/** The form's module, loaded once per brand, form and flags (a failed load can be retried). */
export function loadFormCached(
  brandId: string,
  formId: string,
  flags: RuntimeFormFlags,
): Promise<Loaded> {
  const on = (Object.keys(flags) as (keyof RuntimeFormFlags)[]).filter((f) => flags[f]).sort();
  // Keyed by address: on the server a brand changed while running has new module texts.
  const key = addressOf(brandId, formId, on.join(','));
  let p = chunks.get(key);
  if (!p) {
    p = import(/* @vite-ignore */ key).then(
      (mod: FormModule): Loaded => ({
        ok: true,
        form: {
          formSchema: mod.formSchema,
          formUiSchema: mod.formUiSchema,
          validateFns: mod.validateFns(FORMATS, runtime),
        },
      }),
      (): Loaded => ({ ok: false, retry: () => chunks.delete(key) }),
    );
    chunks.set(key, p);
  }
  return p;
}
