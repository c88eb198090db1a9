/**
 * Checks of a brand's form override (`brands/<id>/forms/<form>.json`) beyond its JSON Schema
 * (`schemas/form-override.schema.json`, checked by the brand loader): the names it uses, the
 * message ids of its labels, and that the merged form compiles under every combination of the
 * brand rules the form knows (so no visitor can meet a broken form later).
 */
import { LOCALES } from '#schemas/contract.ts';
import {
  composeForm,
  createFormAjv,
  FORM_FLAGS,
  type FormContext,
  type FormId,
  type FormOverride,
  type OverrideProblem,
  overrideProblems,
} from '#schemas/forms/index.ts';
import { localeMessages } from './messages';

/** Every combination of the flags of form `id` (2^n contexts, n ≤ 4). */
export function flagCombinations(id: FormId): FormContext[] {
  const flags = FORM_FLAGS[id];
  return Array.from({ length: 2 ** flags.length }, (_, mask) =>
    Object.fromEntries(flags.map((f, i) => [f, (mask & (1 << i)) !== 0])),
  );
}

/**
 * Problems of an override of form `id` that already matches its JSON Schema, each at a JSON
 * pointer into the override file. Empty when the brand may use it.
 */
export function checkFormOverride(id: FormId, override: FormOverride): OverrideProblem[] {
  const problems = overrideProblems(id, override);
  const locales = LOCALES.map((l) => localeMessages().get(l) ?? {});
  for (const [name, field] of Object.entries(override.fields ?? {})) {
    const at = `/fields/${name}`;
    const ids: [string, unknown][] = [
      [`${at}/title`, field.title],
      [`${at}/description`, field.description],
      ...Object.entries((field['x-messages'] as Record<string, string> | undefined) ?? {}).map(
        ([k, v]): [string, unknown] => [`${at}/x-messages/${k}`, v],
      ),
    ];
    for (const [pointer, messageId] of ids) {
      if (typeof messageId !== 'string') continue;
      const missing = LOCALES.filter((_, i) => locales[i]![messageId] === undefined);
      if (missing.length > 0) {
        problems.push({
          pointer,
          reason: `message id "${messageId}" is missing from ${missing.map((l) => `locales/${l}.json`).join(', ')}`,
        });
      }
    }
    const ajv = createFormAjv();
    try {
      ajv.compile({ type: 'object', properties: { [name]: field } });
    } catch (err) {
      problems.push({ pointer: at, reason: `does not compile: ${reasonOf(err)}` });
    }
  }
  if (problems.length > 0) return problems;

  for (const ctx of flagCombinations(id)) {
    try {
      createFormAjv().compile(composeForm(id, { ...ctx, override }).schema);
    } catch (err) {
      const on = Object.entries(ctx)
        .filter(([, v]) => v)
        .map(([k]) => k);
      problems.push({
        pointer: '',
        reason: `the merged form does not compile${on.length > 0 ? ` with ${on.join(', ')}` : ''}: ${reasonOf(err)}`,
      });
      break;
    }
  }
  return problems;
}

function reasonOf(err: unknown): string {
  return String(err instanceof Error ? err.message : err).split('\n')[0]!;
}
