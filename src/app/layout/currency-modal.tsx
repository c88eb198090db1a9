import { Button, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BrandConfig } from '#schemas/contract.ts';
import { formatApprox } from '#schemas/money.ts';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { RadioOption } from '#src/components/radio-option.tsx';
import { chooseCurrency, useCurrencyCode } from '#src/lib/currency.ts';

// A rate below R$ 1 (ARS) keeps its digits: R$ 0,0055, not R$ 0,01.
const rateReais = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** The currency's name in the reader's language ("US dollar"), or its code. */
function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The currency modal (spec §3): BRL and each of the brand's rates with its value and date. A
 * choice applies at once (every price shows its approximation) and is remembered; payment stays
 * in BRL, as the modal says.
 */
export function CurrencyModal({ brand, onClose }: { brand: BrandConfig; onClose(): void }) {
  const intl = useIntl();
  const current = useCurrencyCode();
  const name = useId();
  const rates = brand.cotacao ?? [];
  return (
    <ModalFrame
      open
      onClose={onClose}
      title={<FormattedMessage id="currency.title" />}
      testId="currency-modal"
      footer={
        <Button onClick={onClose} data-testid="currency-done">
          <FormattedMessage id="currency.done" />
        </Button>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="currency.intro" />
        </Text>
        <Stack role="radiogroup" aria-label={intl.formatMessage({ id: 'currency.title' })} gap="2">
          <RadioOption
            name={name}
            value="BRL"
            checked={current === 'BRL'}
            onSelect={() => chooseCurrency('BRL')}
            testId="currency-BRL"
          >
            <Text fontWeight="medium">BRL · {currencyName('BRL', intl.locale)}</Text>
          </RadioOption>
          {rates.map((r) => {
            const unit = formatApprox(r.reais, r, intl.locale);
            return (
              <RadioOption
                key={r.moeda}
                name={name}
                value={r.moeda}
                checked={current === r.moeda}
                onSelect={() => chooseCurrency(r.moeda)}
                testId={`currency-${r.moeda}`}
              >
                <Stack gap="0">
                  <Text fontWeight="medium">
                    {r.moeda} · {currencyName(r.moeda, intl.locale)}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage
                      id="currency.rate"
                      values={{
                        unidade: unit.valor,
                        reais: rateReais.format(r.reais),
                        data: unit.data,
                      }}
                    />
                  </Text>
                </Stack>
              </RadioOption>
            );
          })}
        </Stack>
      </Stack>
    </ModalFrame>
  );
}
