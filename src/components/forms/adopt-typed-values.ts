/**
 * Hands React what a person typed into a server-rendered form before its code hydrated it.
 *
 * React 19 keeps such a value in the field but does not report it (the change event that would
 * is behind a flag not on in the stable build), so the form's state still holds the server's
 * value, and the next render puts that back: the field empties as the person submits. A field
 * whose value differs from the one the server wrote (its `defaultValue`, the value attribute) was
 * changed by the person (or the browser's autofill), so its change is replayed as an input event
 * the field's own handler parses (masks included). React notices a change by comparing the
 * field's value with the one it last saw; setting the value through the element's own setter,
 * which React watches, to the server's value and then through the prototype's setter to the
 * typed one leaves React a difference to report.
 *
 * Text fields and text areas are adopted (what a person types in the first second); selects
 * and check boxes keep the browser's value until the person changes them again.
 */
export function adoptTypedValues(form: HTMLFormElement): number {
  let adopted = 0;
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    if (!isTextField(field) || field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    const proto = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    adopted += 1;
  }
  return adopted;
}

const NOT_TEXT = new Set([
  'checkbox',
  'radio',
  'file',
  'hidden',
  'submit',
  'button',
  'reset',
  'image',
  'range',
  'color',
]);

function isTextField(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (field.disabled || field.readOnly) return false;
  return field instanceof HTMLTextAreaElement || !NOT_TEXT.has(field.type);
}
