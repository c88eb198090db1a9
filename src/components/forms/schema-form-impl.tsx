import Form, { type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
// The precompiled validator only: the package index would also pull ajv's compiler.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { use, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useBrand } from '#src/lib/brand-context.tsx';
import { ErrorAlert } from '../error-alert';
import { adoptTypedValues } from './adopt-typed-values';
import type { CompiledForm, RuntimeFormFlags } from './compiled-form';
import { createTransformErrors } from './errors';
import type { FormUiContext } from './form-context';
import { loadFormCached } from './load-form';
import { formRegistry } from './registry';
import type { SchemaFormProps } from './schema-form-types';
import { createTranslateString } from './translate';

export default function SchemaFormImpl(props: SchemaFormProps) {
  const brand = useBrand();
  const intl = useIntl();
  // A change of flags (the server asks a login for the captcha) loads another composition:
  // the form on screen stays, as typed, until that one is here (a deferred value, so the
  // form never falls back to the loading state in the middle of a flow).
  const flagsKey = useDeferredValue(JSON.stringify(props.flags ?? {}));
  const flags = useMemo(() => JSON.parse(flagsKey) as RuntimeFormFlags, [flagsKey]);
  const [attempt, setAttempt] = useState(0);
  const loaded = use(loadFormCached(brand.id, props.formId, flags));
  if (!loaded.ok) {
    return (
      <ErrorAlert
        message={intl.formatMessage({ id: 'formui.loadError' })}
        onRetry={() => {
          loaded.retry();
          setAttempt(attempt + 1);
        }}
      />
    );
  }
  return <LoadedForm {...props} form={loaded.form} />;
}

function LoadedForm({
  form,
  formId,
  formData,
  onSubmit,
  onChange,
  context,
  submitLabel,
  pending = false,
  idPrefix,
  children,
  revealErrors = false,
  fieldErrors,
}: SchemaFormProps & { form: CompiledForm }) {
  const intl = useIntl();
  const schema = form.formSchema as RJSFSchema;
  const validator = useMemo(() => {
    const v = createPrecompiledValidator(form.validateFns, schema);
    // When a change switches a condition of the schema (nationality BR → the document is a
    // CPF), RJSF's live validation hands the validator the schema it resolved for the data
    // before the change, and the precompiled validator's guard (the schema must be its root,
    // resolved for the new data) throws, which blanks the page. Validation itself always runs
    // the root's compiled function on the data, conditions included, and this validator only
    // ever serves this form's schema: the guard adds nothing here.
    (v as unknown as { ensureSameRootSchema(): boolean }).ensureSameRootSchema = () => true;
    return v;
  }, [form.validateFns, schema]);
  // RJSF resets its state when props change (formContext does on submit), so the data is
  // always controlled: by the caller when it passes formData, here otherwise.
  const [own, setOwn] = useState<Record<string, unknown>>({});
  const data = formData ?? own;
  const [touched, setTouched] = useState<readonly string[]>([]);
  const [submitted, setSubmitted] = useState(revealErrors);
  const extraErrors = useMemo(() => {
    const entries = Object.entries(fieldErrors ?? {});
    if (entries.length === 0) return undefined;
    return Object.fromEntries(entries.map(([name, m]) => [name, { __errors: [m] }])) as ErrorSchema;
  }, [fieldErrors]);
  const formContext = useMemo<FormUiContext>(
    () => ({
      submitted,
      touched,
      pending,
      ...(submitLabel ? { submitLabel } : {}),
      extra: context ?? {},
    }),
    [submitted, touched, pending, submitLabel, context],
  );
  const formRef = useRef<Form>(null);
  // An error from outside shows at once, as if the person had left the field: RJSF's blur
  // handling marks it touched and validates the current data (no stale "required" from before
  // the field was filled), without the focus move and error report of a submit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the outside errors change.
  useEffect(() => {
    for (const name of Object.keys(fieldErrors ?? {})) {
      formRef.current?.onBlur(`${idPrefix ?? formId}_${name}`, data[name]);
    }
  }, [fieldErrors]);
  useEffect(() => {
    // A server-rendered form hydrates after its code loads: what was typed before is handed on.
    const element = formRef.current?.formElement.current;
    if (element) adoptTypedValues(element);
  }, []);
  useEffect(() => {
    // Show the errors of the data given at mount at once (as after a submit).
    if (revealErrors) formRef.current?.validateForm();
  }, [revealErrors]);
  const transformErrors = useMemo(() => createTransformErrors(intl, schema), [intl, schema]);
  const translateString = useMemo(() => createTranslateString(intl), [intl]);
  // Leaving a field marks it touched (its errors show) once the person typed in it or it holds
  // a value: tabbing or clicking through an empty field shows no "required" until a submit, so
  // a message never appears under the pointer and moves the button being clicked.
  const edited = useRef(new Set<string>());
  const onBlur = useCallback((id: string, value: unknown) => {
    if (!edited.current.has(id) && isEmptyValue(value)) return;
    setTouched((t) => (t.includes(id) ? t : [...t, id]));
  }, []);

  return (
    <Form
      ref={formRef}
      schema={schema}
      uiSchema={form.formUiSchema as UiSchema}
      validator={validator}
      widgets={formRegistry.widgets}
      templates={formRegistry.templates}
      translateString={translateString}
      transformErrors={transformErrors}
      formContext={formContext}
      formData={data}
      extraErrors={extraErrors}
      idPrefix={idPrefix ?? formId}
      noHtml5Validate
      // `const: true` (terms) must not pre-check the box: defaults come from `default` only.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      showErrorList={false}
      focusOnFirstError
      // Validate when the person leaves a field; after a submit, on every change.
      liveValidate={submitted ? 'onChange' : 'onBlur'}
      onBlur={onBlur}
      onChange={(e: IChangeEvent, id?: string) => {
        if (id) edited.current.add(id);
        setOwn(e.formData ?? {});
        onChange?.(e.formData ?? {});
      }}
      onError={() => setSubmitted(true)}
      onSubmit={(e: IChangeEvent) => {
        setSubmitted(true);
        void onSubmit(e.formData ?? {});
      }}
      id={`form-${formId}`}
    >
      {children}
    </Form>
  );
}

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false;
}
