import { Badge, Box, Button, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  ApiErrorBody,
  CarrinhoItem,
  PortadorDados,
  PortadorSalvo,
} from '#schemas/contract.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { HolderForm } from '#src/components/holder-form.tsx';
import { formatDateTime } from '#src/lib/dates.ts';
import {
  displayDocument,
  documentKey,
  type HolderTicket,
  holderTickets,
  isCompleteHolder,
  offersFor,
} from '../hooks/holders';
import { useHolders } from '../hooks/use-holders';

/** One-tap offers shown per ticket; the rest are a tap on "Other person" away. */
const OFFERS_SHOWN = 3;

/**
 * The holders of the held tickets (spec §1, "bind a ticket holder to each ticket"): per ticket
 * whose event takes one, the holder bound now, or one tap to bind the buyer or a holder used
 * before, or the holder form. `onChanged` reloads the cart (the holders come with its items).
 */
export function HoldersSection({
  items,
  disabled,
  onChanged,
}: {
  items: CarrinhoItem[];
  disabled: boolean;
  onChanged(): void;
}) {
  const headingId = useId();
  const tickets = holderTickets(items);
  const holders = useHolders(onChanged);
  const [editing, setEditing] = useState<HolderTicket | null>(null);
  if (tickets.length === 0) return null;
  const required = tickets.some((t) => t.required);
  const missing = tickets.filter((t) => t.required && !t.item.portador).length;

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      id={HOLDERS_SECTION_ID}
      data-testid="holders-section"
    >
      <Heading as="h2" size="lg" id={headingId} fontFamily="heading">
        <FormattedMessage id="holders.title" />
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        <FormattedMessage id={required ? 'holders.introRequired' : 'holders.introOptional'} />
      </Text>
      {missing > 0 ? (
        <Text fontSize="sm" fontWeight="medium" mt="2" data-testid="holders-missing">
          <FormattedMessage id="holders.missing" values={{ count: missing }} />
        </Text>
      ) : null}
      {holders.savedError ? (
        <Box mt="3">
          <ErrorAlert
            status="warning"
            message={<ErrorMessage error={holders.savedError} />}
            onRetry={holders.reloadSaved}
          />
        </Box>
      ) : null}
      <Stack as="ul" listStyleType="none" gap="3" mt="4">
        {tickets.map((t) => (
          <HolderRow
            key={t.item.iditem}
            ticket={t}
            offers={offersFor(t, tickets, holders.saved)}
            busy={holders.busy === t.item.iditem}
            disabled={disabled || holders.busy !== null}
            error={holders.errors[t.item.iditem] ?? null}
            onBind={(portador) => holders.bind(t.item.iditem, portador)}
            onRemove={() => holders.remove(t.item.iditem)}
            onEdit={() => setEditing(t)}
            onFill={(seed) => setEditing({ ...t, seed })}
          />
        ))}
      </Stack>
      <HolderForm
        ticket={editing}
        onClose={() => setEditing(null)}
        onSave={async (portador) => {
          if (!editing) return null;
          const error = await holders.bind(editing.item.iditem, portador, { quiet: true });
          if (!error) setEditing(null);
          return error;
        }}
      />
    </Box>
  );
}

/** Where "pay" sends the visitor when a holder is missing. */
export const HOLDERS_SECTION_ID = 'holders-section';

function holderName(p: Partial<PortadorDados>): string {
  return [p.nome, p.sobrenome].filter(Boolean).join(' ');
}

function HolderRow({
  ticket,
  offers,
  busy,
  disabled,
  error,
  onBind,
  onRemove,
  onEdit,
  onFill,
}: {
  ticket: HolderTicket;
  offers: PortadorSalvo[];
  busy: boolean;
  disabled: boolean;
  error: ApiErrorBody | null;
  onBind(p: PortadorDados): void;
  onRemove(): void;
  onEdit(): void;
  onFill(seed: Partial<PortadorDados>): void;
}) {
  const intl = useIntl();
  const { item } = ticket;
  const labelId = useId();
  const bound = item.portador ?? null;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-labelledby={labelId}
      data-testid="holder-ticket"
      data-iditem={item.iditem}
    >
      <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
        <Text fontWeight="medium" id={labelId}>
          <FormattedMessage
            id="holders.ticket"
            values={{ n: ticket.number, produto: item.dscproduto }}
          />
        </Text>
        <Badge colorPalette={ticket.required && !bound ? 'orange' : 'gray'} variant="subtle">
          <FormattedMessage id={ticket.required ? 'holders.required' : 'holders.optional'} />
        </Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {item.dscevento} · {formatDateTime(item.dthr_apresentacao, intl.locale)}
      </Text>
      {bound ? (
        <Flex mt="2" gap="2" align="center" justify="space-between" wrap="wrap">
          <Text data-testid="holder-bound">
            {holderName(bound)} · {displayDocument(bound.documento)}
          </Text>
          <Flex gap="2">
            <Button size="xs" variant="outline" onClick={onEdit} disabled={disabled}>
              <FormattedMessage id="holders.edit" />
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={onRemove}
              loading={busy}
              disabled={disabled}
              aria-label={intl.formatMessage({ id: 'holders.removeAria' }, { n: ticket.number })}
            >
              <FormattedMessage id="holders.remove" />
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Wrap mt="2" gap="2">
          {offers.slice(0, OFFERS_SHOWN).map((o) => (
            <Button
              key={documentKey(o.portador.documento ?? '')}
              size="sm"
              variant="outline"
              loading={busy}
              disabled={disabled}
              data-testid="holder-offer"
              onClick={() =>
                isCompleteHolder(o.portador) ? onBind(o.portador) : onFill(o.portador)
              }
            >
              <FormattedMessage
                id={o.origem === 'comprador' ? 'holders.useBuyer' : 'holders.useSaved'}
                values={{ nome: holderName(o.portador) }}
              />
            </Button>
          ))}
          <Button
            size="sm"
            variant={offers.length > 0 ? 'ghost' : 'outline'}
            disabled={disabled}
            onClick={() => onFill({})}
            data-testid="holder-fill"
          >
            <FormattedMessage id={offers.length > 0 ? 'holders.other' : 'holders.fill'} />
          </Button>
        </Wrap>
      )}
      {error ? (
        <Box mt="2">
          <ErrorAlert message={<ErrorMessage error={error} />} testId="holder-error" />
        </Box>
      ) : null}
    </Box>
  );
}
