import { descriptionId, errorId, getUiOptions, helpId, type WidgetProps } from '@rjsf/utils';
import { showsErrors, uiContext } from './form-context';

/** Whether the field's errors are on screen now (the template and the widget must agree). */
export function errorsShown(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'registry'>): boolean {
  return (
    (props.rawErrors?.length ?? 0) > 0 &&
    showsErrors(uiContext(props.registry.formContext), props.id)
  );
}

/**
 * The attributes that tie a control to its label, description, help and errors: the label's
 * `for` is the control's `id` (FieldTemplate), and `aria-describedby` names exactly the texts
 * that are rendered, the error text only while it is shown.
 */
export function controlA11y(props: WidgetProps, id: string = props.id) {
  const ui = getUiOptions(props.uiSchema);
  const invalid = errorsShown(props);
  const describedBy = [
    props.schema.description || ui.description ? descriptionId(props.id) : null,
    ui.help ? helpId(props.id) : null,
    invalid ? errorId(props.id) : null,
  ].filter(Boolean);
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
    'aria-required': props.required ? true : undefined,
  } as const;
}
