// Server-side form validation speed: µs per validation of the registration sample (valid and
// invalid) with the validator the server compiles (schemas/forms, createFormAjv). Run with tsx
// (`node --import tsx tests/bench/forms.bench.mjs`); bench.mjs calls it.
import { readFileSync } from 'node:fs';
import { composeForm, createFormAjv, formErrors } from '../../schemas/forms/index.ts';

const samples = JSON.parse(
  readFileSync(new URL('../../schemas/forms/registration.samples.json', import.meta.url), 'utf8'),
);
const report = (name, value, unit) =>
  console.log(`${name.padEnd(52)} ${String(value).padStart(10)} ${unit}`);

const ctx = { editarEnderecoCadastro: false, captcha: true };
const { schema, uiSchema } = composeForm('registration', ctx);
const started = performance.now();
const validate = createFormAjv().compile(schema);
report(
  'registration form: compile (first request)',
  (performance.now() - started).toFixed(1),
  'ms',
);

function measure(name, data, withMessages) {
  const run = () => {
    const copy = structuredClone(data);
    if (!validate(copy) && withMessages) formErrors(validate.errors, schema, uiSchema['ui:order']);
  };
  for (let i = 0; i < 2000; i++) run();
  const n = 20000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) run();
  report(name, (((performance.now() - t0) * 1000) / n).toFixed(1), 'µs');
}

measure(
  'registration form: validate a valid payload',
  { ...samples.valid, _recaptcha: 'x' },
  false,
);
measure('registration form: reject an invalid one (+messages)', samples.invalid, true);
