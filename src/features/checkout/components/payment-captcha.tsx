import { Box, chakra, Text } from '@chakra-ui/react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';
import { useId, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { CaptchaWidget } from '#src/components/forms/captcha-widget.tsx';
import type { FormUiContext } from '#src/components/forms/form-context.ts';

const SCHEMA: RJSFSchema = { type: 'string' };

/**
 * The brand's captcha on payment (brand.json `captcha.payment`, spec §5 'Recaptcha inválido!', said without a vendor's name):
 * the same widget as the account forms, outside a schema form because the card's fields never
 * pass through one. A solution works once: the widget starts over after each attempt ends
 * (`pending` going from true to false), so a declined payment asks for a new one.
 */
export function PaymentCaptcha({
  value,
  onChange,
  pending,
  invalid,
  disabled,
}: {
  value: string | undefined;
  onChange(token: string | undefined): void;
  /** An attempt is under way. */
  pending: boolean;
  /** Submitted without a solution: the error shows and is tied to the control. */
  invalid: boolean;
  disabled: boolean;
}) {
  const id = `payment-captcha-${useId().replace(/:/g, '')}`;
  const formContext = useMemo<FormUiContext>(
    () => ({ submitted: invalid, touched: [], pending, extra: {} }),
    [invalid, pending],
  );
  // The widget reads what an RJSF field hands it: its id (the label is `${id}__label`), value,
  // callbacks, errors and the form's context.
  const props = {
    id,
    name: '_recaptcha',
    label: '',
    value,
    // Not aria-required: the control is a button, which cannot carry it.
    required: false,
    disabled,
    readonly: false,
    autofocus: false,
    placeholder: '',
    schema: SCHEMA,
    uiSchema: {},
    options: {},
    rawErrors: invalid ? ['captcha'] : [],
    onChange: (v: unknown) => onChange(typeof v === 'string' && v !== '' ? v : undefined),
    onBlur: () => {},
    onFocus: () => {},
    registry: { formContext },
  } as unknown as WidgetProps;
  return (
    <Box data-testid="payment-captcha">
      <chakra.label id={`${id}__label`} htmlFor={id} display="block" fontSize="sm" mb="1.5">
        <FormattedMessage id="form.field.recaptcha" />
      </chakra.label>
      <CaptchaWidget {...props} />
      {invalid ? (
        <Text id={errorId(id)} role="alert" color="fg.error" fontSize="sm" mt="1">
          <FormattedMessage id="form.error.captcha" />
        </Text>
      ) : null}
    </Box>
  );
}
