import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { VoucherResumo, VoucherSessao } from '#schemas/contract.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { Field } from '#src/components/field.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { NativeSelect } from '#src/components/native-select.tsx';
import { formatDate, formatDateTime } from '#src/lib/dates.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { useVoucherSwap } from '../hooks/use-voucher-swap';

interface VoucherFormData {
  localizador: string;
}

/**
 * The Voucher page's content for a logged-in person: the locator form (the `voucher` form, its
 * mask and 16-digit format), the session picker of an open-dated voucher, then the tickets
 * obtained with the way to My orders. Flow: machines/voucher-swap.machine.ts.
 */
export function VoucherSwap() {
  const swap = useVoucherSwap();
  const to = usePathFor();
  const intl = useIntl();

  if (swap.done && swap.result) {
    const r = swap.result;
    return (
      <Panel testId="voucher-done">
        <Heading as="h2" size="lg">
          <FormattedMessage id="voucher.done.title" />
        </Heading>
        <VoucherSummary voucher={r.voucher} swapped />
        <Text>
          <FormattedMessage
            id="voucher.done.session"
            values={{ data: formatDateTime(r.dthr_apresentacao, intl.locale) }}
          />
        </Text>
        <Text data-testid="voucher-order">
          <FormattedMessage
            id="voucher.done.body"
            values={{ localizador: <strong>{r.localizador}</strong> }}
          />
        </Text>
        <Stack as="ul" listStyleType="none" gap="1" fontFamily="mono" fontSize="sm">
          {r.ingressos.map((t) => (
            <li key={t.iditem}>
              <FormattedMessage id="voucher.done.code" values={{ codigo: t.codigo }} />
            </li>
          ))}
        </Stack>
        <HStack gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink to={to('MeusPedidos')} data-testid="voucher-to-orders">
              <FormattedMessage id="voucher.goToOrders" />
            </RouterLink>
          </Button>
          <Button variant="outline" onClick={swap.reset}>
            <FormattedMessage id="voucher.another" />
          </Button>
        </HStack>
      </Panel>
    );
  }

  const picking = swap.voucher !== null && swap.apresentacoes.length > 0;
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        <FormattedMessage id="voucher.intro" />
      </Text>
      {swap.error ? (
        <ErrorAlert message={<ErrorMessage error={swap.error} />} testId="voucher-error" />
      ) : null}
      {picking && swap.voucher ? (
        <SessionPicker
          voucher={swap.voucher}
          sessions={swap.apresentacoes}
          busy={swap.busy}
          onChoose={swap.choose}
          onCancel={swap.reset}
        />
      ) : (
        <Panel testId="voucher-form">
          <SchemaForm<VoucherFormData>
            formId="voucher"
            onSubmit={(data) => swap.submit(data.localizador)}
            submitLabel="voucher.submit"
            pending={swap.busy}
          />
        </Panel>
      )}
    </Stack>
  );
}

function Panel({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      data-testid={testId}
    >
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

/** What the voucher stands for and whose it is (and, before the swap, until when). */
function VoucherSummary({
  voucher,
  swapped = false,
}: {
  voucher: VoucherResumo;
  swapped?: boolean;
}) {
  const intl = useIntl();
  return (
    <Stack gap="1" data-testid="voucher-summary">
      <Text fontWeight="semibold">
        <FormattedMessage
          id="voucher.summary"
          values={{ qtd: voucher.qtd, produto: voucher.produto, evento: voucher.evento }}
        />
      </Text>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="voucher.partner" values={{ parceiro: voucher.parceiro }} />
      </Text>
      {voucher.valido_ate && !swapped ? (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage
            id="voucher.validUntil"
            values={{ data: formatDate(voucher.valido_ate, intl.locale) }}
          />
        </Text>
      ) : null}
    </Stack>
  );
}

/** An open-dated voucher: the session to swap it for. */
function SessionPicker({
  voucher,
  sessions,
  busy,
  onChoose,
  onCancel,
}: {
  voucher: VoucherResumo;
  sessions: VoucherSessao[];
  busy: boolean;
  onChoose(idapresentacao: number): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const id = useId();
  const [chosen, setChosen] = useState(sessions[0]!.idapresentacao);
  const value = sessions.some((s) => s.idapresentacao === chosen)
    ? chosen
    : sessions[0]!.idapresentacao;
  return (
    <Panel testId="voucher-choose">
      <Heading as="h2" size="lg">
        <FormattedMessage id="voucher.choose.title" />
      </Heading>
      <VoucherSummary voucher={voucher} />
      <Field.Root>
        <Field.Label htmlFor={id}>
          <FormattedMessage id="voucher.session" />
        </Field.Label>
        <NativeSelect.Root disabled={busy}>
          <NativeSelect.Field
            id={id}
            value={value}
            onChange={(e) => setChosen(Number(e.target.value))}
            data-testid="voucher-session"
          >
            {sessions.map((s) => (
              <option key={s.idapresentacao} value={s.idapresentacao}>
                {formatDateTime(s.dthr_apresentacao, intl.locale)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="3" wrap="wrap">
        <Button loading={busy} onClick={() => onChoose(value)} data-testid="voucher-confirm">
          <FormattedMessage id="voucher.confirm" />
        </Button>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          <FormattedMessage id="voucher.cancel" />
        </Button>
      </HStack>
    </Panel>
  );
}
