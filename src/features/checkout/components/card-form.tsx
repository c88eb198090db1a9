import { Grid, Input } from '@chakra-ui/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SandboxCardInput } from '#schemas/contract.ts';
import {
  type CardBrand,
  cardBrandByPrefix,
  cvvLength,
  formatCardExpiry,
  formatCardNumber,
} from '#schemas/formats/card.ts';
import { Field } from '#src/components/field.tsx';
import type { MessageId } from '#src/lib/messages.d.ts';
import { type CardErrors, type CardField, type CardProblem, typedBrand } from '../hooks/card';

const ERROR_IDS: Record<CardField, Partial<Record<CardProblem, MessageId>>> = {
  numero: {
    required: 'form.error.required',
    invalid: 'payment.card.invalidNumber',
    notAccepted: 'payment.card.brandNotAccepted',
  },
  titular: { required: 'form.error.required', invalid: 'payment.card.invalidHolder' },
  validade: { required: 'form.error.required', invalid: 'payment.card.invalidExpiry' },
  cvv: { required: 'form.error.required', invalid: 'payment.card.invalidCvv' },
};

const BRAND_NAMES: Record<CardBrand, MessageId> = {
  aura: 'payment.card.brand.aura',
  cabal: 'payment.card.brand.cabal',
  elo: 'payment.card.brand.elo',
  discover: 'payment.card.brand.discover',
  diners: 'payment.card.brand.diners',
  amex: 'payment.card.brand.amex',
  jcb: 'payment.card.brand.jcb',
  hipercard: 'payment.card.brand.hipercard',
  visa: 'payment.card.brand.visa',
  mastercard: 'payment.card.brand.mastercard',
};

/** Expiry and CVV sit side by side: label, input and hints share rows, so the inputs line up. */
const SIDE_BY_SIDE = { display: 'grid', gridRow: 'span 3', gridTemplateRows: 'subgrid' } as const;

/**
 * Card number, holder, expiry and security code: labelled, numeric keyboards, cc-* autofill.
 * Under the number: the brands the shop accepts, then the brand the typed digits show.
 */
export function CardForm({
  card,
  errors,
  acceptedBrands,
  onChange,
  disabled,
}: {
  card: SandboxCardInput;
  errors: CardErrors;
  acceptedBrands: readonly string[];
  onChange(field: CardField, value: string): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  // The text under each input (its error, or the number's hint) describes it, as in our forms.
  const baseId = useId();
  const noteId = (field: CardField) => `${baseId}-${field}-note`;
  const describedBy = (field: CardField, hasNote: boolean) =>
    hasNote ? { 'aria-describedby': noteId(field) } : {};
  // A brand the card table does not know (a newer gateway's) is shown by its name.
  const brandName = (brand: string) =>
    brand in BRAND_NAMES ? intl.formatMessage({ id: BRAND_NAMES[brand as CardBrand] }) : brand;
  const brands = intl.formatList(acceptedBrands.map(brandName), { type: 'conjunction' });
  const typed = typedBrand(card.numero, acceptedBrands);
  const numberError = errors.numero ?? (typed && !typed.accepted ? 'notAccepted' : undefined);

  const errorText = (field: CardField, problem = errors[field]) => {
    const id = problem ? ERROR_IDS[field][problem] : undefined;
    if (!id) return null;
    const brand = cardBrandByPrefix(card.numero.replace(/\D/g, ''));
    return (
      <Field.ErrorText id={noteId(field)}>
        <FormattedMessage id={id} values={{ brand: brand ? brandName(brand) : '', brands }} />
      </Field.ErrorText>
    );
  };
  return (
    <Grid templateColumns="1fr 1fr" columnGap="4" rowGap="1.5">
      <Field.Root required invalid={!!numberError} disabled={disabled} gridColumn="span 2" mb="2.5">
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
          {...describedBy('numero', true)}
        />
        {numberError ? (
          errorText('numero', numberError)
        ) : (
          <Field.HelperText id={noteId('numero')} data-testid="card-brand">
            {typed ? (
              <FormattedMessage
                id="payment.card.detectedBrand"
                values={{ brand: brandName(typed.brand) }}
              />
            ) : (
              <FormattedMessage id="payment.card.acceptedBrands" values={{ brands }} />
            )}
          </Field.HelperText>
        )}
      </Field.Root>
      <Field.Root
        required
        invalid={!!errors.titular}
        disabled={disabled}
        gridColumn="span 2"
        mb="2.5"
      >
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
          {...describedBy('titular', !!errors.titular)}
        />
        {errorText('titular')}
      </Field.Root>
      <Field.Root required invalid={!!errors.validade} disabled={disabled} {...SIDE_BY_SIDE}>
        <Field.Label alignSelf="end">
          <FormattedMessage id="payment.card.expiry" />{' '}
          <FormattedMessage id="payment.card.expiryHint" />
        </Field.Label>
        <Input
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          value={card.validade}
          onChange={(e) => onChange('validade', formatCardExpiry(e.target.value))}
          maxLength={5}
          data-testid="card-expiry"
          {...describedBy('validade', !!errors.validade)}
        />
        {errorText('validade')}
      </Field.Root>
      <Field.Root required invalid={!!errors.cvv} disabled={disabled} {...SIDE_BY_SIDE}>
        <Field.Label alignSelf="end">
          <FormattedMessage id="payment.card.cvv" />
        </Field.Label>
        <Input
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          type="password"
          value={card.cvv}
          onChange={(e) =>
            onChange(
              'cvv',
              e.target.value
                .replace(/\D/g, '')
                .slice(0, cvvLength(cardBrandByPrefix(card.numero.replace(/\D/g, '')))),
            )
          }
          maxLength={4}
          data-testid="card-cvv"
          {...describedBy('cvv', !!errors.cvv)}
        />
        {errorText('cvv')}
      </Field.Root>
    </Grid>
  );
}
