import { Box, Button, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { lazy, useCallback, useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isSilentError } from '../../api/error-policy';
import { ApproxPrice } from '../../components/approx-price';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { MapPinIcon } from '../../components/icons';
import { LazyHost } from '../../components/lazy-host';
import { LoadingState } from '../../components/loading-state';
import { notify } from '../../components/notify';
import { useCheckout, useCheckoutActor } from '../../features/cart/hooks/checkout-provider';
import { useAddToCart } from '../../features/cart/hooks/use-add-to-cart';
import { BlockPicker } from '../../features/catalog/components/block-picker';
import { DatePickerRow } from '../../features/catalog/components/date-picker-row';
import { ProductList } from '../../features/catalog/components/product-list';
import { TimePicker } from '../../features/catalog/components/time-picker';
import {
  useApresentacao,
  useApresentacoes,
  useEvento,
  useHorarios,
  useProdutos,
} from '../../features/catalog/hooks/use-catalog';
import { useQuantities } from '../../features/catalog/hooks/use-quantities';
import { useBottomInset } from '../../lib/bottom-insets';
import { formatDateTime, formatLongDate } from '../../lib/dates';
import { withAllTexts } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import { trackAddToCart, trackViewItem } from '../../lib/tracking/track';
import { useAfterHydration } from '../../lib/use-hydrated';
import { useOwnTitle } from '../../lib/use-own-title';
import { usePathFor } from '../../lib/use-path-for';
import { NotFoundPage } from './not-found';

// Asked only when the person adds to tickets held from an earlier visit (a dialog's code).
const AddToOrderModal = lazy(
  withAllTexts(() =>
    import('../../features/cart/components/add-to-order-modal').then((m) => ({
      default: m.AddToOrderModal,
    })),
  ),
);

const DATES_HEADING = 'dates-heading';
const TIMES_HEADING = 'times-heading';
const BLOCKS_HEADING = 'blocks-heading';
const BLOCKS_HELP = 'blocks-help';
const PRODUCTS_HEADING = 'products-heading';

/**
 * An event: pick a day (the first is preselected), a time, the block (sector) when the event
 * has blocks, the quantities; "add to cart" holds them and goes to the checkout. The day,
 * session and block live in the URL (?data=&sessao=&bloco=) so the language switch and the back
 * button keep them.
 */
export function ProdutoPage() {
  const params = useParams();
  const idevento = Number(params.id);
  if (!Number.isInteger(idevento) || idevento <= 0) return <NotFoundPage />;
  return <Produto idevento={idevento} />;
}

/** A number the address names, or NaN when it names none. */
const queryNumber = (search: URLSearchParams, name: string) =>
  search.has(name) ? Number(search.get(name)) : Number.NaN;

function Produto({ idevento }: { idevento: number }) {
  const intl = useIntl();
  const to = usePathFor();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const evento = useEvento(idevento);
  useOwnTitle(evento.data?.dscevento);
  const viewed = evento.data;
  const viewedId = viewed?.idevento;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per attraction shown (a new language reloads it).
  useEffect(() => {
    if (viewed) trackViewItem(viewed);
  }, [viewedId]);
  // An unknown event shows the not-found page, without asking for its days (no error toast).
  const apresentacoes = useApresentacoes(evento.data ? idevento : null);

  const dates = useMemo(
    () => apresentacoes.data?.dates.map((d) => d.dia) ?? [],
    [apresentacoes.data],
  );
  // A match's sessions each have their opponent; a timed visit's are all "entry": titles only then.
  const titledSessions = useMemo(
    () => new Set(apresentacoes.data?.apresentacoes.map((a) => a.dscapre)).size > 1,
    [apresentacoes.data],
  );
  // The server renders the first day (its page is cached per path, without the query); the
  // day and time of the address apply once the page is hydrated, so both renders match.
  const wantedDate = useAfterHydration(search.get('data'), null);
  const dia = wantedDate && dates.includes(wantedDate) ? wantedDate : (dates[0] ?? null);
  const horarios = useHorarios(idevento, dia);
  const wantedSession = useAfterHydration(queryNumber(search, 'sessao'), Number.NaN);
  // The first day is shown at once; the time is the visitor's choice (no sensible default).
  const session =
    horarios.data?.find((h) => h.idapresentacao === wantedSession && h.disponivel > 0) ?? null;
  const idapresentacao = session?.idapresentacao ?? null;
  // An event with blocks: the session's blocks, then the products of the block picked.
  const byBlock = evento.data?.blocos === true;
  const apresentacao = useApresentacao(byBlock ? idapresentacao : null);
  const blocos = apresentacao.data?.blocos;
  const wantedBlock = useAfterHydration(queryNumber(search, 'bloco'), Number.NaN);
  const bloco = blocos?.find((b) => b.idbloco === wantedBlock && b.disponivel > 0) ?? null;
  const idbloco = bloco?.idbloco ?? null;
  const produtos = useProdutos(byBlock && idbloco === null ? null : idapresentacao, idbloco);
  const qty = useQuantities(produtos.data?.tipo_produtos);

  const reservation = useCheckout();
  const stickyBar = useBottomInset<HTMLDivElement>('sticky');
  const actor = useCheckoutActor();
  const { reset } = qty;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session or block starts from zero.
  useEffect(() => {
    reset();
  }, [idapresentacao, idbloco, reset]);

  const goToCheckout = useCallback(() => navigate(to('Checkout')), [navigate, to]);
  const addToCart = useAddToCart(goToCheckout);

  function pick(next: { data?: string; sessao?: number; bloco?: number }) {
    const p = new URLSearchParams(search);
    if (next.data !== undefined) {
      p.set('data', next.data);
      p.delete('sessao');
      p.delete('bloco');
    }
    if (next.sessao !== undefined) {
      p.set('sessao', String(next.sessao));
      p.delete('bloco');
    }
    if (next.bloco !== undefined) p.set('bloco', String(next.bloco));
    setSearch(p, { replace: true, preventScrollReset: true });
  }

  /** What was chosen, as a person reads it: "event · date time · 2 × Inteira, 1 × Meia". */
  function describeSelection(): string {
    const names = new Map(
      produtos.data?.tipo_produtos
        .flatMap((t) => t.produtos)
        .map((p) => [p.idproduto, p.dscproduto]),
    );
    const units = qty.selection
      .map((p) =>
        intl.formatMessage(
          { id: 'cart.lineQuantity' },
          { qtd: p.qtd, produto: names.get(p.idproduto) ?? `#${p.idproduto}` },
        ),
      )
      .join(', ');
    const when = session ? formatDateTime(session.dthr_apresentacao, intl.locale) : '';
    return [evento.data?.dscevento, when, bloco?.nome, units].filter(Boolean).join(' · ');
  }

  const campaignProducts = new Set(
    produtos.data?.tipo_produtos
      .flatMap((t) => t.produtos)
      .filter((p) => p.campanha)
      .map((p) => p.idproduto),
  );

  async function add() {
    if (idapresentacao === null || qty.selection.length === 0) return;
    if (reservation.error) actor.send({ type: 'error.dismiss' });
    const outcome = await addToCart({
      idapresentacao,
      // The block travels with each line of the add (iniciarReserva's third param).
      produtos: idbloco === null ? qty.selection : qty.selection.map((p) => ({ ...p, idbloco })),
      label: describeSelection(),
      campanha: qty.selection.some((p) => campaignProducts.has(p.idproduto)),
    });
    if ((outcome === 'held' || outcome === 'local') && evento.data) {
      trackAddToCart(
        evento.data,
        produtos.data?.tipo_produtos.flatMap((t) => t.produtos) ?? [],
        qty.selection,
      );
    }
    if (outcome === 'local' || outcome === 'limited') {
      notify({
        type: outcome === 'local' ? 'success' : 'warning',
        description: intl.formatMessage({
          id: outcome === 'local' ? 'product.keptLocally' : 'product.localLimit',
        }),
      });
    }
  }

  if (evento.loading) return <LoadingState page />;
  if (!evento.error && !evento.data) return <NotFoundPage />;
  if (evento.error || apresentacoes.error) {
    const err = evento.error ?? apresentacoes.error;
    return (
      <ErrorAlert
        message={<ErrorMessage error={err} />}
        onRetry={() => {
          evento.reload();
          apresentacoes.reload();
        }}
      />
    );
  }
  if (!evento.data || !apresentacoes.data) return <LoadingState page />;
  const ev = evento.data;
  const reserveError =
    reservation.error &&
    !isSilentError(reservation.error.code) &&
    (reservation.failed || reservation.held)
      ? reservation.error
      : null;

  return (
    <Stack gap="8">
      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap="6"
        bg="bg"
        borderRadius="xl"
        borderWidth="1px"
        overflow="hidden"
      >
        <Image
          src={ev.imagem}
          alt=""
          w={{ base: 'full', md: '2/5' }}
          aspectRatio={{ base: 16 / 9, md: 4 / 3 }}
          objectFit="cover"
        />
        <Stack gap="3" p={{ base: '4', md: '6' }} pt={{ base: '0', md: '6' }} flex="1">
          <Heading as="h1" size="2xl" fontFamily="heading" data-testid="event-title">
            {ev.dscevento}
          </Heading>
          <HStack color="fg.muted" gap="1.5">
            <MapPinIcon boxSize="4" />
            <Text>{ev.local}</Text>
          </HStack>
          <Text>{ev.descricao}</Text>
          {ev.a_partir_de !== null ? (
            <Text fontWeight="semibold" color="brand.fg">
              <FormattedMessage
                id="catalog.fromPrice"
                values={{ price: formatMoney(ev.a_partir_de) }}
              />
              <ApproxPrice reais={ev.a_partir_de} />
            </Text>
          ) : null}
        </Stack>
      </Flex>

      {dates.length === 0 ? (
        <ErrorAlert status="info" message={<FormattedMessage id="product.noDates" />} />
      ) : (
        <>
          <Stack as="section" gap="3" aria-labelledby={DATES_HEADING}>
            <Heading as="h2" size="lg" id={DATES_HEADING} fontFamily="heading">
              <FormattedMessage id="product.chooseDate" />
            </Heading>
            <DatePickerRow
              dates={dates}
              selected={dia}
              onSelect={(d) => pick({ data: d })}
              labelledBy={DATES_HEADING}
            />
          </Stack>

          <Stack as="section" gap="3" aria-labelledby={TIMES_HEADING}>
            <Heading as="h2" size="lg" id={TIMES_HEADING} fontFamily="heading">
              <FormattedMessage id="product.chooseTime" />
            </Heading>
            {dia ? (
              <Text color="fg.muted" fontSize="sm">
                {formatLongDate(dia, intl.locale)}
                {/* Every time is the venue's (spec §9): named for visitors from other zones. */}
                {' · '}
                <FormattedMessage id="product.timeZone" />
              </Text>
            ) : null}
            {horarios.loading ? <LoadingState minH="16" /> : null}
            {horarios.error ? (
              <ErrorAlert
                message={<ErrorMessage error={horarios.error} />}
                onRetry={horarios.reload}
              />
            ) : null}
            {horarios.data && horarios.data.length === 0 ? (
              <Text color="fg.muted">
                <FormattedMessage id="product.noTimes" />
              </Text>
            ) : null}
            {horarios.data && horarios.data.length > 0 ? (
              <TimePicker
                sessions={horarios.data}
                selected={idapresentacao}
                onSelect={(id) => pick({ sessao: id })}
                labelledBy={TIMES_HEADING}
                titled={titledSessions}
              />
            ) : null}
          </Stack>

          {idapresentacao === null && horarios.data && horarios.data.length > 0 ? (
            <Text color="fg.muted" data-testid="pick-time-hint">
              <FormattedMessage id="product.pickTimeHint" />
            </Text>
          ) : null}

          {idapresentacao !== null && byBlock ? (
            <Stack as="section" gap="3" aria-labelledby={BLOCKS_HEADING}>
              <Heading as="h2" size="lg" id={BLOCKS_HEADING} fontFamily="heading">
                <FormattedMessage id="product.chooseBlock" />
              </Heading>
              {apresentacao.data?.mapa?.help ? (
                <Text id={BLOCKS_HELP} color="fg.muted" fontSize="sm">
                  {apresentacao.data.mapa.help}
                </Text>
              ) : null}
              {apresentacao.loading ? <LoadingState minH="16" /> : null}
              {apresentacao.error ? (
                <ErrorAlert
                  message={<ErrorMessage error={apresentacao.error} />}
                  onRetry={apresentacao.reload}
                />
              ) : null}
              {blocos ? (
                <BlockPicker
                  blocos={blocos}
                  selected={idbloco}
                  onSelect={(id) => pick({ bloco: id })}
                  labelledBy={BLOCKS_HEADING}
                  {...(apresentacao.data?.mapa?.help ? { describedBy: BLOCKS_HELP } : {})}
                />
              ) : null}
              {blocos && idbloco === null ? (
                <Text color="fg.muted" data-testid="pick-block-hint">
                  <FormattedMessage id="product.pickBlockHint" />
                </Text>
              ) : null}
            </Stack>
          ) : null}

          {idapresentacao !== null && (!byBlock || idbloco !== null) ? (
            <Stack as="section" gap="4" aria-labelledby={PRODUCTS_HEADING}>
              <Heading as="h2" size="lg" id={PRODUCTS_HEADING} fontFamily="heading">
                <FormattedMessage id="product.chooseTickets" />
              </Heading>
              {produtos.loading ? <LoadingState minH="16" /> : null}
              {produtos.error ? (
                <ErrorAlert
                  message={<ErrorMessage error={produtos.error} />}
                  onRetry={produtos.reload}
                />
              ) : null}
              {produtos.data ? (
                <ProductList
                  tipos={produtos.data.tipo_produtos}
                  quantities={qty.quantities}
                  onChange={qty.setQuantity}
                  disabled={reservation.busy}
                />
              ) : null}
            </Stack>
          ) : null}

          <Box
            ref={stickyBar}
            data-testid="total-bar"
            position="sticky"
            bottom="0"
            bg="bg"
            borderTopWidth="1px"
            borderWidth={{ md: '1px' }}
            borderRadius={{ md: 'xl' }}
            mx={{ base: '-4', md: '0' }}
            px={{ base: '4', md: '6' }}
            py="4"
            shadow={{ base: 'lg', md: 'sm' }}
            zIndex="docked"
          >
            <Stack gap="3">
              {reserveError ? (
                <ErrorAlert
                  message={<ErrorMessage error={reserveError} />}
                  testId="reserve-error"
                />
              ) : null}
              <Flex align="center" justify="space-between" gap="3">
                <Box aria-live="polite">
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage id="product.selectedCount" values={{ qtd: qty.units }} />
                  </Text>
                  <Text
                    fontSize="2xl"
                    fontWeight="bold"
                    fontVariantNumeric="tabular-nums"
                    data-testid="selection-total"
                  >
                    {formatMoney(qty.total)}
                  </Text>
                  <ApproxPrice reais={qty.total} />
                </Box>
                <Button
                  size={{ base: 'md', sm: 'lg' }}
                  onClick={add}
                  disabled={qty.units === 0 || reservation.busy}
                  loading={reservation.busy}
                  data-testid="add-to-cart"
                >
                  <FormattedMessage id="product.addToCart" />
                </Button>
              </Flex>
            </Stack>
          </Box>
          <LazyHost on={reservation.confirmAdd}>
            <AddToOrderModal onSeeOrder={goToCheckout} />
          </LazyHost>
        </>
      )}
    </Stack>
  );
}
