import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CarrinhoResumo } from '../../../../schemas/contract';
import { ErrorAlert, ErrorMessage } from '../../../components/error-alert';
import { SchemaForm } from '../../../components/forms/schema-form';
import { formatMoney } from '../../../lib/money';
import type { CheckoutView } from '../hooks/checkout-provider';

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
      <Box
        borderWidth="1px"
        borderColor="green.600"
        bg="green.50"
        borderRadius="md"
        p="3"
        data-testid="coupon-applied"
      >
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Stack gap="0" role="status">
            <Text fontWeight="semibold" color="green.800">
              <FormattedMessage id="coupon.applied" values={{ code: resumo.cupom }} />
            </Text>
            {resumo.valor_cupom > 0 ? (
              <Text fontSize="sm" color="green.800">
                <FormattedMessage
                  id="coupon.savings"
                  values={{ value: formatMoney(resumo.valor_cupom) }}
                />
              </Text>
            ) : null}
            {resumo.msg_cupom ? (
              <Text fontSize="sm" color="orange.800" data-testid="coupon-note">
                {resumo.msg_cupom}
              </Text>
            ) : null}
          </Stack>
          <Button
            size="xs"
            variant="outline"
            loading={removing}
            disabled={disabled}
            onClick={onRemove}
            aria-label={intl.formatMessage({ id: 'coupon.removeAria' }, { code: resumo.cupom })}
          >
            <FormattedMessage id="coupon.remove" />
          </Button>
        </Flex>
        {error && error.code !== GENERIC_ERROR ? (
          <ErrorAlert message={<ErrorMessage error={error} />} testId="coupon-error" />
        ) : null}
      </Box>
    );
  }

  if (!open) {
    return (
      <Button
        variant="plain"
        alignSelf="start"
        px="0"
        textDecoration="underline"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        data-testid="coupon-open"
      >
        <FormattedMessage id="coupon.open" />
      </Button>
    );
  }

  return (
    <Box data-testid="coupon-form">
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
    </Box>
  );
}
