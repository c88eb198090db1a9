import {
  Box,
  Button,
  chakra,
  Flex,
  Image,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  BoletoEmitido,
  FormaPagamento,
  GatewayFormaPagamento,
  PixEmitido,
} from '../../../../schemas/contract';
import { apiUrl } from '../../../api/api';
import { RadioOption } from '../../../components/radio-option';
import { formatDate } from '../../../lib/dates';
import { useCurrentLocale } from '../../../lib/locale';
import { formatMoney } from '../../../lib/money';

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
 * A code to copy (Pix copy-and-paste, the slip's line), in a read-only field the person can
 * also select by hand, with a button that copies it and says whether it worked.
 */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <Stack gap="2">
      <chakra.label htmlFor={id} fontWeight="medium">
        {label}
      </chakra.label>
      <chakra.textarea
        id={id}
        readOnly
        value={value}
        rows={3}
        fontFamily="mono"
        fontSize="sm"
        p="3"
        borderWidth="1px"
        borderColor="border"
        borderRadius="md"
        bg="bg.muted"
        resize="none"
        wordBreak="break-all"
        onFocus={(e) => e.currentTarget.select()}
        data-testid={testId}
      />
      <Flex gap="3" align="center" wrap="wrap">
        <Button variant="outline" onClick={copy} data-testid={`${testId}-copy`}>
          <FormattedMessage id="payment.copy" />
        </Button>
        <Text role="status" fontSize="sm" color={copied === 'no' ? 'fg.error' : 'fg.muted'}>
          {copied === 'yes' ? <FormattedMessage id="payment.copied" /> : null}
          {copied === 'no' ? <FormattedMessage id="payment.copyFailed" /> : null}
        </Text>
      </Flex>
    </Stack>
  );
}

/**
 * The Pix charge: its QR code and copy-and-paste code, until when it can be paid, and the wait
 * for the bank's confirmation (the payment machine asks the server meanwhile). The person may
 * leave it to pay later: the order then waits in my orders.
 */
export function PixPanel({ pix, onLater }: { pix: PixEmitido; onLater(): void }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const until = new Date(pix.expira_em).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <Stack gap="5" data-testid="pix-panel">
      <Text fontWeight="semibold" fontSize="lg">
        <FormattedMessage id="payment.pix.title" values={{ total: formatMoney(pix.valor) }} />
      </Text>
      <Image
        src={pix.qrcode}
        alt={intl.formatMessage({ id: 'payment.pix.qrAlt' })}
        width="220px"
        height="220px"
        alignSelf="center"
        bg="white"
        p="2"
        borderRadius="md"
        data-testid="pix-qrcode"
      />
      <CopyField
        label={intl.formatMessage({ id: 'payment.pix.code' })}
        value={pix.copia_e_cola}
        testId="pix-code"
      />
      <Text fontSize="sm" data-testid="pix-expires">
        <FormattedMessage id="payment.pix.expires" values={{ time: until }} />
      </Text>
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
  const intl = useIntl();
  const locale = useCurrentLocale();
  return (
    <Stack gap="5" data-testid="slip-panel">
      <Text fontWeight="semibold" fontSize="lg">
        <FormattedMessage id="payment.boleto.title" values={{ total: formatMoney(boleto.valor) }} />
      </Text>
      <CopyField
        label={intl.formatMessage({ id: 'payment.boleto.line' })}
        value={boleto.linha_formatada}
        testId="slip-line"
      />
      <Text data-testid="slip-due">
        <FormattedMessage
          id="payment.boleto.due"
          values={{ date: formatDate(boleto.vencimento, locale) }}
        />
      </Text>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="payment.boleto.note" />
      </Text>
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between">
        <Button asChild variant="outline">
          <a
            href={apiUrl(boleto.boleto_url, locale)}
            target="_blank"
            rel="noopener"
            data-testid="slip-open"
          >
            <FormattedMessage id="payment.boleto.open" />
          </a>
        </Button>
        <Button onClick={onDone} data-testid="slip-done">
          <FormattedMessage id="payment.boleto.done" />
        </Button>
      </Flex>
    </Stack>
  );
}
