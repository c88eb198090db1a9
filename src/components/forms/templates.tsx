import { Alert, Box, Button, chakra, Grid, Stack, Text } from '@chakra-ui/react';
import {
  descriptionId,
  type ErrorListProps,
  errorId,
  type FieldTemplateProps,
  getSubmitButtonOptions,
  getUiOptions,
  helpId,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TemplatesType,
  TranslatableString,
} from '@rjsf/utils';
import { FormattedMessage } from 'react-intl';
import { Field } from '../field';
import { errorsShown } from './a11y';
import { uiContext, useFormText } from './form-context';

/** Widgets that draw their own label beside the control (a checkbox reads "☐ I accept…"). */
function ownsLabel(props: FieldTemplateProps): boolean {
  const widget = getUiOptions(props.uiSchema).widget;
  return props.schema.type === 'boolean' && (widget === undefined || widget === 'checkbox');
}

/**
 * One field: its label (for = the control's id), the required mark, the control, the
 * description and help, and, once shown, the errors (ids the control's aria-describedby names).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const text = useFormText();
  const { id, children, hidden, required, rawErrors, rawDescription, rawHelp, schema } = props;
  const invalid = errorsShown({ id, rawErrors, registry: props.registry });
  if (hidden) {
    // A hidden field (a reset token from the link) has nothing to fix on screen, but its error
    // still shows where the field is, as an alert.
    return (
      <>
        <Box display="none">{children}</Box>
        {invalid ? (
          <Alert.Root
            status="error"
            role="alert"
            gridColumn="1 / -1"
            id={errorId(id)}
            data-testid={`error-${id}`}
          >
            <Alert.Indicator />
            <Alert.Description>{[...new Set(rawErrors)].join(' ')}</Alert.Description>
          </Alert.Root>
        ) : null}
      </>
    );
  }
  // The root object and nested objects: ObjectFieldTemplate lays them out.
  if (schema.type === 'object' || schema.type === 'array') return children;
  const label = props.displayLabel && !ownsLabel(props) ? text(props.label) : '';
  return (
    <Field.Root
      invalid={invalid}
      required={required}
      disabled={props.disabled}
      className={props.classNames}
      data-field={id}
      gap="1.5"
    >
      {label ? (
        <Field.Label htmlFor={id} id={`${id}__label`}>
          {label}
          {required ? <Field.RequiredIndicator /> : null}
        </Field.Label>
      ) : null}
      {rawDescription ? (
        <Text id={descriptionId(id)} fontSize="sm" color="fg.muted">
          {text(rawDescription)}
        </Text>
      ) : null}
      {children}
      {rawHelp ? <Field.HelperText id={helpId(id)}>{text(rawHelp)}</Field.HelperText> : null}
      {invalid ? (
        <Field.ErrorText id={errorId(id)} data-testid={`error-${id}`}>
          {/* One message per line; the first is the most specific (errors.ts orders them). */}
          {[...new Set(rawErrors)].map((e) => (
            <chakra.span key={e} display="block">
              {e}
            </chakra.span>
          ))}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/**
 * An object's fields in a grid: one column on phones, two from `md` where a field's uiSchema
 * says `"ui:options": {"width": "half"}`. A nested object is a fieldset with its title.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const text = useFormText();
  const isRoot = props.fieldPathId.path.length === 0;
  const grid = (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      {props.properties.map((p) => {
        // A hidden field hides itself (FieldTemplate) but may still show its error.
        if (p.hidden)
          return (
            <Box key={p.name} display="contents">
              {p.content}
            </Box>
          );
        const half = getUiOptions(props.uiSchema?.[p.name]).width === 'half';
        return (
          <Box key={p.name} gridColumn={half ? 'auto' : '1 / -1'}>
            {p.content}
          </Box>
        );
      })}
    </Grid>
  );
  if (isRoot) return grid;
  const title = getUiOptions(props.uiSchema).title ?? props.title;
  return (
    <chakra.fieldset borderWidth="1px" borderColor="border" rounded="l2" p="4" minW="0">
      {title ? (
        <chakra.legend px="1" fontWeight="semibold">
          {text(title)}
        </chakra.legend>
      ) : null}
      {grid}
    </chakra.fieldset>
  );
}

/** The list of all errors (kept in the registry; <SchemaForm> shows errors beside fields). */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{registry.translateString(TranslatableString.ErrorsLabel)}</Alert.Title>
        <Alert.Description>
          <chakra.ul ps="4" listStyleType="disc">
            {errors.map((e) => (
              <li key={`${e.property}-${e.message}`}>{e.message}</li>
            ))}
          </chakra.ul>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const text = useFormText();
  const ctx = uiContext(registry.formContext);
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  const label = ctx.submitLabel ?? submitText;
  return (
    <Stack mt="2">
      <Button
        type="submit"
        size="lg"
        loading={ctx.pending}
        disabled={props?.disabled}
        data-testid="form-submit"
      >
        {label && label !== 'Submit' ? text(label) : <FormattedMessage id="formui.submit" />}
      </Button>
    </Stack>
  );
}

/** Titles and descriptions render in FieldTemplate/ObjectFieldTemplate; these draw nothing twice. */
function Nothing() {
  return null;
}

export const TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  ButtonTemplates: { SubmitButton },
};
