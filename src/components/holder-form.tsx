import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiErrorBody, CarrinhoItem, PortadorDados } from '#schemas/contract.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import type { MessageId } from '#src/lib/messages.d.ts';
import { ErrorMessage } from './error-alert';
import { SchemaForm } from './forms/schema-form';
import { ModalFrame } from './modal-frame';
import { notify } from './notify';
import { RevealedError } from './revealed-error';

/** The ticket a holder form is for: the checkout's held tickets and My orders' paid ones. */
export interface HolderFormTicket {
  item: CarrinhoItem;
  /** 1-based, among the order's tickets that take a holder (the dialog's title). */
  number: number;
  /** What the form starts with (else the ticket's holder, else nothing). */
  seed?: Partial<PortadorDados>;
}

/**
 * The holder form of one ticket, in a dialog; it stays open with the server's refusal,
 * shown under its save button. `saved`:
 * what the notice says once it is saved.
 */
export function HolderForm({
  ticket,
  onClose,
  onSave,
  saved = 'holders.saved',
}: {
  ticket: HolderFormTicket | null;
  onClose(): void;
  onSave(p: PortadorDados): Promise<ApiErrorBody | null>;
  saved?: MessageId;
}) {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [shownFor, setShownFor] = useState<HolderFormTicket | null>(null);
  // What is typed, kept here (the form is controlled): it starts from the seed of the ticket
  // the dialog opens for.
  const [data, setData] = useState<Partial<PortadorDados>>({});
  if (shownFor !== ticket) {
    setShownFor(ticket);
    setError(null);
    setData(ticket ? (ticket.seed ?? ticket.item.portador ?? {}) : {});
  }
  return (
    <ModalFrame
      open={ticket !== null}
      onClose={() => {
        if (!pending) onClose();
      }}
      size="lg"
      title={
        ticket ? (
          <FormattedMessage
            id="holders.formTitle"
            values={{ n: ticket.number, produto: ticket.item.dscproduto }}
          />
        ) : (
          ''
        )
      }
      testId="holder-form"
    >
      <Stack gap="4">
        {ticket ? (
          <SchemaForm<PortadorDados>
            key={ticket.item.iditem}
            formId="holder"
            formData={data}
            onChange={setData}
            idPrefix={`holder-${ticket.item.iditem}`}
            submitLabel="holders.save"
            pending={pending}
            onSubmit={async (data) => {
              setPending(true);
              try {
                const refused = await onSave(data);
                setError(refused);
                if (!refused) {
                  notify({
                    type: 'success',
                    description: intl.formatMessage({ id: saved }),
                  });
                }
              } catch (e) {
                setError(toErrorBody(e));
              } finally {
                setPending(false);
              }
            }}
          />
        ) : null}
        {/* Beside "save", where the person tapped, in view and focused. */}
        {error ? (
          <RevealedError
            reveal={error}
            message={<ErrorMessage error={error} />}
            testId="holder-form-error"
          />
        ) : null}
      </Stack>
    </ModalFrame>
  );
}
