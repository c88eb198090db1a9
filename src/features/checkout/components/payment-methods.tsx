import { Box, Button, Flex, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type {
  BoletoEmitido,
  FormaPagamento,
  GatewayFormaPagamento,
  PixEmitido,
} from '#schemas/contract.ts';
import { PixCode, SlipCode, SlipLink } from '#src/components/payment-codes.tsx';
import { RadioOption } from '#src/components/radio-option.tsx';
import { formatMoney } from '#src/lib/money.ts';

const METHOD_LABEL = {
  cartao: 'payment.method.card',
  pix: 'payment.method.pix',
  boleto: 'payment.method.boleto',
} as const;

/**
 * The ways to pay the brand offers, as a radio group of native radios (arrow keys move and pick,
 * one Tab stop), shown only when there is more than one.
 */
export function MethodPicker({
  formas,
  value,
  onChange,
  disabled,
}: {
  formas: GatewayFormaPagamento[];
  value: FormaPagamento;
  onChange(forma: FormaPagamento): void;
  disabled: boolean;
}) {
  const legendId = useId();
  if (formas.length < 2) return null;
  return (
    <Box as="fieldset" minW="0">
      <Text as="legend" id={legendId} fontWeight="medium" mb="2">
        <FormattedMessage id="payment.method.label" />
      </Text>
      <SimpleGrid
        role="radiogroup"
        aria-labelledby={legendId}
        columns={{ base: 1, sm: formas.length }}
        gap="2"
        data-testid="payment-methods"
      >
        {formas.map((f) => {
          const active = f.forma === value;
          return (
            <RadioOption
              key={f.forma}
              name="forma"
              value={f.forma}
              checked={active}
              disabled={disabled}
              onSelect={() => onChange(f.forma)}
              testId={`payment-method-${f.forma}`}
            >
              <Text fontWeight="semibold">
                <FormattedMessage id={METHOD_LABEL[f.forma]} />
              </Text>
            </RadioOption>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

/** What a bank slip or Pix charge will be, before it is issued. */
export function ChargeIntro({ forma }: { forma: GatewayFormaPagamento }) {
  return (
    <Text color="fg.muted" data-testid="charge-intro">
      {forma.forma === 'pix' ? (
        <FormattedMessage id="payment.pix.intro" values={{ minutes: forma.expira_minutos ?? 30 }} />
      ) : (
        <FormattedMessage id="payment.boleto.intro" values={{ days: forma.vencimento_dias ?? 3 }} />
      )}
    </Text>
  );
}

/**
 * The Pix charge: its QR code and copy-and-paste code, until when it can be paid, and the wait
 * for the bank's confirmation (the payment machine asks the server meanwhile). The person may
 * leave it to pay later: the order then waits in my orders.
 */
export function PixPanel({ pix, onLater }: { pix: PixEmitido; onLater(): void }) {
  return (
    <Stack gap="5" data-testid="pix-panel">
      <Text fontWeight="semibold" fontSize="lg">
        <FormattedMessage id="payment.pix.title" values={{ total: formatMoney(pix.valor) }} />
      </Text>
      <PixCode pix={pix} />
      <Flex role="status" align="center" gap="3" data-testid="pix-waiting">
        <Spinner size="sm" aria-hidden />
        <Text>
          <FormattedMessage id="payment.pix.waiting" />
        </Text>
      </Flex>
      <Box>
        <Button variant="ghost" onClick={onLater} data-testid="pix-later">
          <FormattedMessage id="payment.pix.later" />
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The bank slip issued: its line to type or copy into the bank's app, the due date and the
 * printable slip; the order waits in my orders until the bank reports the payment.
 */
export function SlipPanel({ boleto, onDone }: { boleto: BoletoEmitido; onDone(): void }) {
  return (
    <Stack gap="5" data-testid="slip-panel">
      <Text fontWeight="semibold" fontSize="lg">
        <FormattedMessage id="payment.boleto.title" values={{ total: formatMoney(boleto.valor) }} />
      </Text>
      <SlipCode boleto={boleto} />
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="payment.boleto.note" />
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between">
        <SlipLink url={boleto.boleto_url} testId="slip-open" />
        <Button onClick={onDone} data-testid="slip-done">
          <FormattedMessage id="payment.boleto.done" />
        </Button>
      </Flex>
    </Stack>
  );
}
