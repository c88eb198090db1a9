import { chakra, Button, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BoletoEmitido, PixEmitido } from '#schemas/contract.ts';
import { apiUrl } from '#src/api/api.ts';
import { formatDate, formatInstantTime } from '#src/lib/dates.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';

/**
 * A code to copy (Pix copy-and-paste, the slip's line), in a read-only field the person can
 * also select by hand, with a button that copies it and says whether it worked ('code copied' /
 * 'Unable to copy code', spec §8).
 */
export function CopyField({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
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

/** A Pix charge to pay: its QR code, its copy-and-paste code and until when it can be paid. */
export function PixCode({ pix }: { pix: PixEmitido }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const until = formatInstantTime(pix.expira_em, locale);
  return (
    <Stack gap="4">
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
    </Stack>
  );
}

/** A bank slip to pay: its line to type or copy, its due date, and the printable slip. */
export function SlipCode({ boleto }: { boleto: BoletoEmitido }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  return (
    <Stack gap="4">
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
    </Stack>
  );
}

/** The link that opens the printable slip in a new tab. */
export function SlipLink({ url, testId }: { url: string; testId: string }) {
  const locale = useCurrentLocale();
  return (
    <Button asChild variant="outline">
      <a href={apiUrl(url, locale)} target="_blank" rel="noopener" data-testid={testId}>
        <FormattedMessage id="payment.boleto.open" />
      </a>
    </Button>
  );
}
