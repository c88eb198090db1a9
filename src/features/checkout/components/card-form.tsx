import { Field, Grid, Input } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { SandboxCardInput } from '../../../../schemas/contract';
import {
  type CardErrors,
  type CardField,
  cvvLength,
  formatCardNumber,
  formatExpiry,
} from '../hooks/card';

const ERROR_IDS = {
  numero: { required: 'validation.required', invalid: 'payment.card.invalidNumber' },
  titular: { required: 'validation.required', invalid: 'payment.card.invalidHolder' },
  validade: { required: 'validation.required', invalid: 'payment.card.invalidExpiry' },
  cvv: { required: 'validation.required', invalid: 'payment.card.invalidCvv' },
} as const;

/** Card number, holder, expiry and security code: labelled, numeric keyboards, cc-* autofill. */
export function CardForm({
  card,
  errors,
  onChange,
  disabled,
}: {
  card: SandboxCardInput;
  errors: CardErrors;
  onChange(field: CardField, value: string): void;
  disabled?: boolean;
}) {
  const errorText = (field: CardField) => {
    const kind = errors[field];
    return kind ? (
      <Field.ErrorText>
        <FormattedMessage id={ERROR_IDS[field][kind]} />
      </Field.ErrorText>
    ) : null;
  };
  return (
    <Grid templateColumns="1fr 1fr" gap="4">
      <Field.Root required invalid={!!errors.numero} disabled={disabled} gridColumn="span 2">
        <Field.Label>
          <FormattedMessage id="payment.card.number" />
        </Field.Label>
        <Input
          name="cardnumber"
          autoComplete="cc-number"
          inputMode="numeric"
          value={card.numero}
          onChange={(e) => onChange('numero', formatCardNumber(e.target.value))}
          maxLength={23}
          data-testid="card-number"
        />
        {errorText('numero')}
      </Field.Root>
      <Field.Root required invalid={!!errors.titular} disabled={disabled} gridColumn="span 2">
        <Field.Label>
          <FormattedMessage id="payment.card.holder" />
        </Field.Label>
        <Input
          name="ccname"
          autoComplete="cc-name"
          value={card.titular}
          onChange={(e) => onChange('titular', e.target.value)}
          autoCapitalize="characters"
          data-testid="card-holder"
        />
        {errorText('titular')}
      </Field.Root>
      <Field.Root required invalid={!!errors.validade} disabled={disabled}>
        <Field.Label>
          <FormattedMessage id="payment.card.expiry" />
        </Field.Label>
        <Input
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          value={card.validade}
          onChange={(e) => onChange('validade', formatExpiry(e.target.value))}
          maxLength={5}
          data-testid="card-expiry"
        />
        <Field.HelperText>
          <FormattedMessage id="payment.card.expiryHint" />
        </Field.HelperText>
        {errorText('validade')}
      </Field.Root>
      <Field.Root required invalid={!!errors.cvv} disabled={disabled}>
        <Field.Label>
          <FormattedMessage id="payment.card.cvv" />
        </Field.Label>
        <Input
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          type="password"
          value={card.cvv}
          onChange={(e) =>
            onChange('cvv', e.target.value.replace(/\D/g, '').slice(0, cvvLength(card.numero)))
          }
          maxLength={4}
          data-testid="card-cvv"
        />
        {errorText('cvv')}
      </Field.Root>
    </Grid>
  );
}
