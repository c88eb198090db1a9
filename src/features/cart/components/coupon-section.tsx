import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CarrinhoResumo } from '#schemas/contract.ts';
import { PlainButton } from '#src/components/button-loader.tsx';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { buttonLoaderLooks, recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatMoney } from '#src/lib/money.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-provider.tsx';

/**
 * The coupon's parts as Chakra's Box, Flex, Stack, Text and Buttons drew them: plain elements,
 * so the checkout's first view shows them without the style system. The form is Chakra's (it
 * loads when opened).
 */
export const COUPON = defineClassSet('coupon', (system) => ({
  applied: {
    borderWidth: '1px',
    borderColor: 'green.600',
    bg: 'green.50',
    borderRadius: 'md',
    p: '3',
  },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    flexWrap: 'wrap',
  },
  texts: { display: 'flex', flexDirection: 'column', gap: '0' },
  code: { fontWeight: 'semibold', color: 'green.800' },
  savings: { fontSize: 'sm', color: 'green.800' },
  note: { fontSize: 'sm', color: 'orange.800' },
  remove: recipeLook(system, 'button', { size: 'xs', variant: 'outline' }),
  open: recipeLook(
    system,
    'button',
    { variant: 'plain' },
    { alignSelf: 'start', px: '0', textDecoration: 'underline' },
  ),
  ...buttonLoaderLooks(system),
}));

interface CouponData {
  cupom: string;
}

const GENERIC_ERROR = 0;

/**
 * The coupon of the hold (aplicarCupom): applied, it shows what it saves (or why it saves
 * nothing now) with a way to remove it; otherwise one button opens the coupon form (its
 * form code loads only then, and its field takes the focus: ui:autofocus). A refusal shows
 * beside the field while the field holds the refused code.
 */
export function CouponSection({
  resumo,
  view,
  disabled,
  onApply,
  onRemove,
}: {
  resumo: CarrinhoResumo;
  view: Pick<CheckoutView, 'applyingCoupon' | 'couponRequest' | 'couponError'>;
  disabled: boolean;
  onApply(cupom: string): void;
  onRemove(): void;
}) {
  const intl = useIntl();
  const classes = useClassSet(COUPON);
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<Partial<CouponData>>({});

  // A refusal shows beside the field while it still holds the code refused.
  const error = view.couponError;
  const refusal =
    error &&
    error.code === GENERIC_ERROR &&
    error.message &&
    data.cupom?.trim() === view.couponRequest
      ? { cupom: error.message }
      : undefined;

  if (resumo.cupom) {
    const removing = view.applyingCoupon && view.couponRequest === '';
    return (
      <div className={classes.applied} data-testid="coupon-applied">
        <div className={classes.row}>
          <div role="status" className={`chakra-stack ${classes.texts}`}>
            <p className={classes.code}>
              <FormattedMessage id="coupon.applied" values={{ code: resumo.cupom }} />
            </p>
            {resumo.valor_cupom > 0 ? (
              <p className={classes.savings}>
                <FormattedMessage
                  id="coupon.savings"
                  values={{ value: formatMoney(resumo.valor_cupom) }}
                />
              </p>
            ) : null}
            {resumo.msg_cupom ? (
              <p className={classes.note} data-testid="coupon-note">
                {resumo.msg_cupom}
              </p>
            ) : null}
          </div>
          <PlainButton
            className={classes.remove}
            loaderClasses={classes}
            loading={removing}
            disabled={disabled}
            onClick={onRemove}
            aria-label={intl.formatMessage({ id: 'coupon.removeAria' }, { code: resumo.cupom })}
          >
            <FormattedMessage id="coupon.remove" />
          </PlainButton>
        </div>
        {error && error.code !== GENERIC_ERROR ? (
          <ErrorAlert message={<ErrorMessage error={error} />} testId="coupon-error" />
        ) : null}
      </div>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        className={`chakra-button ${classes.open}`}
        aria-expanded={false}
        onClick={() => setOpen(true)}
        data-testid="coupon-open"
      >
        <FormattedMessage id="coupon.open" />
      </button>
    );
  }

  return (
    <div data-testid="coupon-form">
      {error && error.code !== GENERIC_ERROR ? (
        <ErrorAlert message={<ErrorMessage error={error} />} testId="coupon-error" />
      ) : null}
      <SchemaForm<CouponData>
        formId="coupon"
        formData={data}
        onChange={setData}
        fieldErrors={refusal}
        submitLabel="coupon.apply"
        pending={view.applyingCoupon}
        onSubmit={(d) => {
          if (!disabled) onApply(d.cupom);
        }}
      />
    </div>
  );
}
