import { FormattedMessage, useIntl } from 'react-intl';
import type { GatewayPagamento } from '#schemas/contract.ts';
import { Field } from '#src/components/field.tsx';
import { NativeSelect } from '#src/components/native-select.tsx';
import { installmentMessage } from '#src/lib/checkout/installments.ts';

/**
 * Each instalment option the gateway offers with the instalment, the total charged and the
 * interest: "4x de R$ 28,88 · total R$ 115,52 (juros R$ 5,52)", "2x de R$ 55,00 · total
 * R$ 110,00 sem juros" (src/lib/checkout/installments.ts).
 */
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
          {gateway.parcelas.map((p) => {
            const m = installmentMessage(p);
            return (
              <option key={p.parcela} value={p.parcela}>
                {intl.formatMessage({ id: m.id }, m.values)}
              </option>
            );
          })}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
