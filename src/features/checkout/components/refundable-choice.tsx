import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody, GarantiaOferta } from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { RadioOption } from '#src/components/radio-option.tsx';
import { formatMoney } from '#src/lib/money.ts';

/**
 * The refundable-ticket option (spec §5: when offered it must be chosen to finish): take it for
 * its price on these tickets, or decline it. The choice is the server's (escolherGarantia), so
 * every total shows it; `onChanged` reloads the cart. Its error (paying without a choice) is
 * tied to the group and announced.
 */
export function RefundableChoice({
  idmovimentacao,
  oferta,
  invalid,
  disabled,
  onBusy,
  onChanged,
}: {
  idmovimentacao: number;
  oferta: GarantiaOferta;
  invalid: boolean;
  disabled: boolean;
  /** A choice is being saved: nothing can be paid meanwhile. */
  onBusy(busy: boolean): void;
  onChanged(): void;
}) {
  const legendId = useId();
  const errorId = useId();
  const [saving, setSaving] = useState<boolean | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const chosen = saving ?? oferta.escolhida;

  async function choose(garantia: boolean) {
    if (saving !== null || garantia === oferta.escolhida) return;
    setSaving(garantia);
    setError(null);
    onBusy(true);
    try {
      await rpc('SuperIngresso', 'escolherGarantia', [idmovimentacao, garantia], {
        display: 'inline',
      });
      onChanged();
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setSaving(null);
      onBusy(false);
    }
  }

  return (
    <Box as="fieldset" minW="0" data-testid="refundable">
      <Text as="legend" id={legendId} fontWeight="medium">
        <FormattedMessage id="refundable.title" />
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        <FormattedMessage id="refundable.intro" values={{ percent: oferta.percentual }} />
      </Text>
      <SimpleGrid
        role="radiogroup"
        aria-labelledby={legendId}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        columns={{ base: 1, sm: 2 }}
        gap="2"
      >
        <RadioOption
          name="garantia"
          value="sim"
          checked={chosen === true}
          disabled={disabled || saving !== null}
          onSelect={() => void choose(true)}
          testId="refundable-yes"
        >
          <Text>
            <FormattedMessage id="refundable.yes" values={{ valor: formatMoney(oferta.valor) }} />
          </Text>
        </RadioOption>
        <RadioOption
          name="garantia"
          value="nao"
          checked={chosen === false}
          disabled={disabled || saving !== null}
          onSelect={() => void choose(false)}
          testId="refundable-no"
        >
          <Text>
            <FormattedMessage id="refundable.no" />
          </Text>
        </RadioOption>
      </SimpleGrid>
      {invalid ? (
        <Text id={errorId} role="alert" color="fg.error" fontSize="sm" mt="1">
          <FormattedMessage id="error.refundableChoice" />
        </Text>
      ) : null}
      {error ? (
        <Box mt="2">
          <ErrorAlert message={<ErrorMessage error={error} />} testId="refundable-error" />
        </Box>
      ) : null}
    </Box>
  );
}
