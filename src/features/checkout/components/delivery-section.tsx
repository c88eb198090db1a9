import { Box, Button, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type {
  ApiErrorBody,
  EnderecoEntrega,
  EnderecoEntregaDados,
  EntregaPedido,
} from '#schemas/contract.ts';
import { rpc } from '#src/api/api.ts';
import { toErrorBody } from '#src/api/api-error.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { SchemaForm } from '#src/components/forms/schema-form.tsx';
import { useServerFieldErrors } from '#src/components/forms/use-server-field-errors.ts';
import { RevealedError } from '#src/components/revealed-error.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { RadioOption } from '#src/components/radio-option.tsx';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { formatMoney } from '#src/lib/money.ts';

/** The id of the delivery section: paying without an address brings the person here. */
export const DELIVERY_SECTION_ID = 'delivery-section';

/**
 * Takes the person to the delivery section: its first address they can pick, else the first
 * field of the new-address form, else the section's heading.
 */
export function focusDelivery(): void {
  const section = document.getElementById(DELIVERY_SECTION_ID);
  const target =
    section?.querySelector<HTMLElement>('input[type="radio"]:not([disabled])') ??
    section?.querySelector<HTMLElement>('form input, form select') ??
    section?.querySelector<HTMLElement>('h2');
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}

/** An address in two short lines: street, number and complement; district, city, state, CEP. */
function addressLines(e: EnderecoEntregaDados): [string, string] {
  const street = [`${e.end_logradouro}, ${e.end_numero}`, e.end_complemento]
    .filter(Boolean)
    .join(' – ');
  const place = [e.end_bairro, `${e.end_cidade} – ${e.end_estado}`, e.end_cep, e.end_pais]
    .filter(Boolean)
    .join(', ');
  return [street, place];
}

/**
 * Where the products sent by mail go (catalogue `entrega`): one of the person's addresses (the
 * profile's first) picked as a radio card, or a new one typed in the address form; each with
 * the carrier's fee and days. The choice is the server's (setEnderecoEntrega), so every total
 * shows the fee; `onChanged` reloads the cart. Paying without an address shows `invalid`'s
 * error, tied to the group. With the brand's `editarEndereco` off only the profile's address
 * is offered.
 */
export function DeliverySection({
  idmovimentacao,
  entrega,
  invalid,
  disabled,
  onChanged,
}: {
  idmovimentacao: number;
  entrega: EntregaPedido;
  invalid: boolean;
  disabled: boolean;
  onChanged(): void;
}) {
  const to = usePathFor();
  const headingId = useId();
  const errorId = useId();
  const [enderecos, setEnderecos] = useState<EnderecoEntrega[] | null>(null);
  const [editavel, setEditavel] = useState(false);
  const [loadError, setLoadError] = useState<ApiErrorBody | null>(null);
  const [saving, setSaving] = useState<number | 'new' | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [adding, setAdding] = useState(false);
  const [data, setData] = useState<Partial<EnderecoEntregaDados>>({ end_pais: 'BR' });
  const fieldErrors = useServerFieldErrors(adding ? error : null, data);

  const load = useCallback(async () => {
    try {
      const r = await rpc('BasePessoaEnderecoEntregaClass', 'getEnderecosEntrega', [], {
        display: 'inline',
      });
      setEnderecos(r.enderecos);
      setEditavel(r.editavel);
      setLoadError(null);
    } catch (e) {
      setLoadError(toErrorBody(e));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function choose(escolha: { idendereco: number } | EnderecoEntregaDados) {
    if (saving !== null) return;
    const isNew = !('idendereco' in escolha);
    setSaving(isNew ? 'new' : escolha.idendereco);
    setError(null);
    try {
      await rpc('BasePessoaEnderecoEntregaClass', 'setEnderecoEntrega', [idmovimentacao, escolha], {
        display: 'inline',
      });
      if (isNew) {
        setAdding(false);
        setData({ end_pais: 'BR' });
      }
      onChanged();
      await load();
    } catch (e) {
      setError(toErrorBody(e));
    } finally {
      setSaving(null);
    }
  }

  const chosen = entrega.endereco;
  // The chosen address is offered even when the list no longer shows it.
  const options =
    enderecos && chosen && !enderecos.some((e) => e.idendereco === chosen.idendereco)
      ? [chosen, ...enderecos]
      : (enderecos ?? []);
  const noOptions = enderecos !== null && options.length === 0;
  const showForm = editavel && (adding || noOptions);
  const busy = disabled || saving !== null;

  return (
    <Box
      as="section"
      id={DELIVERY_SECTION_ID}
      aria-labelledby={headingId}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      data-testid="delivery"
    >
      <Heading as="h2" size="lg" id={headingId} mb="2" fontFamily="heading" tabIndex={-1}>
        <FormattedMessage id="delivery.title" />
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        <FormattedMessage id="delivery.intro" />
      </Text>
      {loadError ? (
        <ErrorAlert message={<ErrorMessage error={loadError} />} onRetry={() => void load()} />
      ) : null}
      {enderecos === null && !loadError ? <LoadingState minH="16" /> : null}
      <Stack gap="3">
        {options.length > 0 ? (
          <SimpleGrid
            role="radiogroup"
            aria-labelledby={headingId}
            aria-required="true"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            columns={1}
            gap="2"
          >
            {options.map((e) => {
              const [street, place] = addressLines(e);
              return (
                <RadioOption
                  key={`${e.origem}:${e.idendereco}`}
                  name="entrega"
                  value={e.idendereco}
                  checked={
                    saving !== null && saving !== 'new'
                      ? saving === e.idendereco
                      : chosen?.idendereco === e.idendereco && e.idendereco !== 0
                  }
                  disabled={busy || !e.entregavel}
                  onSelect={() => void choose({ idendereco: e.idendereco })}
                  testId="delivery-option"
                >
                  <Stack gap="0">
                    <Text fontSize="xs" color="fg.muted">
                      <FormattedMessage
                        id={
                          e.origem === 'cadastro'
                            ? 'delivery.profileAddress'
                            : 'delivery.savedAddress'
                        }
                      />
                    </Text>
                    <Text>{street}</Text>
                    <Text fontSize="sm">{place}</Text>
                    <Text fontSize="sm" fontWeight="medium">
                      {e.entregavel ? (
                        <FormattedMessage
                          id="delivery.quote"
                          values={{ valor: formatMoney(e.valor), dias: e.dias ?? 0 }}
                        />
                      ) : (
                        e.mensagem
                      )}
                    </Text>
                  </Stack>
                </RadioOption>
              );
            })}
          </SimpleGrid>
        ) : null}
        {invalid ? (
          <Text id={errorId} role="alert" color="fg.error" fontSize="sm">
            <FormattedMessage id="error.deliveryAddressMissing" />
          </Text>
        ) : null}
        {error && !showForm ? (
          <RevealedError
            reveal={error}
            message={<ErrorMessage error={error} />}
            testId="delivery-error"
          />
        ) : null}
        {!editavel && enderecos !== null ? (
          <Text fontSize="sm">
            <FormattedMessage id="delivery.locked" />{' '}
            <Link asChild>
              <RouterLink to={to('Perfil')}>
                <FormattedMessage id="delivery.editProfile" />
              </RouterLink>
            </Link>
          </Text>
        ) : null}
        {editavel && !showForm ? (
          <Box>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setAdding(true)}
              disabled={busy}
              data-testid="delivery-add"
            >
              <FormattedMessage id="delivery.addNew" />
            </Button>
          </Box>
        ) : null}
        {showForm ? (
          <Box
            as="fieldset"
            minW="0"
            borderTopWidth={options.length > 0 ? '1px' : '0'}
            pt={options.length > 0 ? '3' : '0'}
            data-testid="delivery-form"
            aria-describedby={invalid && options.length === 0 ? errorId : undefined}
          >
            <Text as="legend" fontWeight="medium" mb="2">
              <FormattedMessage id={noOptions ? 'delivery.none' : 'delivery.formTitle'} />
            </Text>
            <SchemaForm<EnderecoEntregaDados>
              formId="address"
              idPrefix="delivery"
              formData={data}
              onChange={setData}
              fieldErrors={fieldErrors}
              submitLabel="delivery.use"
              pending={saving === 'new'}
              onSubmit={(address) => choose(address)}
            />
            {/* Under "use this address", where the person tapped, in view and focused. */}
            {error ? (
              <Box mt="2">
                <RevealedError
                  reveal={error}
                  message={<ErrorMessage error={error} />}
                  testId="delivery-error"
                />
              </Box>
            ) : null}
            {adding && !noOptions ? (
              <Button
                variant="ghost"
                size="sm"
                mt="2"
                onClick={() => {
                  setAdding(false);
                  setError(null);
                }}
              >
                <FormattedMessage id="delivery.cancelNew" />
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
