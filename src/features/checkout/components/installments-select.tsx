import { Field, NativeSelect } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GatewayPagamento } from '../../../../schemas/contract';
import { formatMoney } from '../../../lib/money';

/** "3x de R$ 40,00" for each instalment option the gateway offers. */
export function InstallmentsSelect({
  gateway,
  value,
  onChange,
  disabled,
}: {
  gateway: GatewayPagamento;
  value: number;
  onChange(parcelas: number): void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>
        <FormattedMessage id="payment.installments" />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={String(value)}
          onChange={(e) => onChange(Number(e.currentTarget.value))}
          data-testid="installments"
        >
          {gateway.parcelas.map((p) => (
            <option key={p.parcela} value={p.parcela}>
              {intl.formatMessage(
                { id: 'payment.installmentOption' },
                {
                  n: p.parcela,
                  valor: formatMoney(p.valor),
                  total: formatMoney(p.valor * p.parcela),
                },
              )}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
