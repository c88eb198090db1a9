import { lazy, useCallback, useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { itemsMissing } from '#machines/minimum-purchase.ts';
import { isSilentError } from '#src/api/error-policy.ts';
import { ApproxPrice } from '#src/components/approx-price.tsx';
import { ButtonLoader } from '#src/components/button-loader.tsx';
import { ErrorMessage } from '#src/components/error-message.tsx';
import { Glyph } from '#src/components/icons.tsx';
import { LazyHost } from '#src/components/lazy-host.tsx';
import { LazyErrorAlert as ErrorAlert } from '#src/components/lazy-styled-parts.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { notify } from '#src/components/notify.ts';
import { buttonLoaderLooks, columnLook, recipeLook } from '#src/components/plain-part-styles.ts';
import { useCheckout, useCheckoutActor } from '#src/lib/checkout/checkout-provider.tsx';
import { useBuyerMinimum } from '#src/lib/checkout/use-buyer-minimum.ts';
import { useCartCount } from '#src/features/cart/hooks/use-cart-count.ts';
import { useAddToCart } from '#src/features/cart/hooks/use-add-to-cart.ts';
import { BlockPicker } from '#src/features/catalog/components/block-picker.tsx';
import { DatePickerRow } from '#src/features/catalog/components/date-picker-row.tsx';
import { ProductList } from '#src/features/catalog/components/product-list.tsx';
import { TimePicker } from '#src/features/catalog/components/time-picker.tsx';
import {
  useApresentacao,
  useApresentacoes,
  useEvento,
  useHorarios,
  useProdutos,
} from '#src/features/catalog/hooks/use-catalog.ts';
import { useQuantities } from '#src/features/catalog/hooks/use-quantities.ts';
import { useBottomInset } from '#src/lib/bottom-insets.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatDateTime, formatLongDate } from '#src/lib/dates.ts';
import { withAllTexts } from '#src/lib/locale.ts';
import { formatMoney } from '#src/lib/money.ts';
import { trackAddToCart, trackViewItem } from '#src/lib/tracking/track.ts';
import { useAfterHydration } from '#src/lib/use-hydrated.ts';
import { useOwnTitle } from '#src/lib/use-own-title.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { NotFoundPage } from './not-found';

// Asked only when the person adds to tickets held from an earlier visit (a dialog's code).
const AddToOrderModal = lazy(
  withAllTexts(() =>
    import('#src/features/checkout/components/add-to-order-modal.tsx').then((m) => ({
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
 * The page's parts as Chakra's components drew them (Stack, Flex, Image, Heading, Text, the
 * total bar's Box and Button), so its first view hydrates without a style component: the
 * header, the sections' frames and headings, the total bar and its button. The button's loading
 * look is Chakra's Button's `loading`: a spinner centred over the hidden label.
 */
const EVENT_PAGE = defineClassSet('event-page', (system) => ({
  page: columnLook('8'),
  header: [
    { display: 'flex', flexDirection: { base: 'column', md: 'row' } },
    { gap: '6', bg: 'bg', borderRadius: 'xl', borderWidth: '1px', overflow: 'hidden' },
  ],
  image: {
    objectFit: 'cover',
    w: { base: 'full', md: '2/5' },
    aspectRatio: { base: 16 / 9, md: 4 / 3 },
  },
  intro: { ...columnLook('3'), p: { base: '4', md: '6' }, pt: { base: '0', md: '6' }, flex: '1' },
  title: recipeLook(system, 'heading', { size: '2xl' }, { fontFamily: 'heading' }),
  place: {
    display: 'flex',
    alignItems: 'center',
    flexDirection: 'row',
    gap: '1.5',
    color: 'fg.muted',
  },
  pin: recipeLook(system, 'icon', {}, { boxSize: '4' }),
  from: { fontWeight: 'semibold', color: 'brand.fg' },
  section: columnLook('3'),
  tickets: columnLook('4'),
  heading: recipeLook(system, 'heading', { size: 'lg' }, { fontFamily: 'heading' }),
  muted: { color: 'fg.muted' },
  note: { color: 'fg.muted', fontSize: 'sm' },
  bar: {
    position: 'sticky',
    bottom: '0',
    bg: 'bg',
    borderTopWidth: '1px',
    borderWidth: { md: '1px' },
    borderRadius: { md: 'xl' },
    mx: { base: '-4', md: '0' },
    px: { base: '4', md: '6' },
    py: '4',
    shadow: { base: 'lg', md: 'sm' },
    zIndex: 'docked',
  },
  barRow: [
    { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
    { gap: '3' },
  ],
  total: { fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' },
  // recipeLook's variants are plain strings; the button's size is responsive.
  add: [system.getRecipeFn('button')({ size: { base: 'md', sm: 'lg' } }), {}],
  ...buttonLoaderLooks(system),
}));

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
  // An agency's minimum purchase (spec §9), said before the checkout does.
  const minimum = useBuyerMinimum();
  const held = useCartCount(minimum > 0);
  const stickyBar = useBottomInset<HTMLDivElement>('sticky');
  const actor = useCheckoutActor();
  const { reset } = qty;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session or block starts from zero.
  useEffect(() => {
    reset();
  }, [idapresentacao, idbloco, reset]);

  const goToCheckout = useCallback(() => navigate(to('Checkout')), [navigate, to]);
  const addToCart = useAddToCart(goToCheckout);
  const classes = useClassSet(EVENT_PAGE);

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
  function describeSelection(units = true): string {
    const names = new Map(
      produtos.data?.tipo_produtos
        .flatMap((t) => t.produtos)
        .map((p) => [p.idproduto, p.dscproduto]),
    );
    const lines = qty.selection
      .map((p) =>
        intl.formatMessage(
          { id: 'cart.lineQuantity' },
          { qtd: p.qtd, produto: names.get(p.idproduto) ?? `#${p.idproduto}` },
        ),
      )
      .join(', ');
    const when = session ? formatDateTime(session.dthr_apresentacao, intl.locale) : '';
    return [evento.data?.dscevento, when, bloco?.nome, units ? lines : '']
      .filter(Boolean)
      .join(' · ');
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
      titulo: describeSelection(false),
      campanha: qty.selection.some((p) => campaignProducts.has(p.idproduto)),
      itens: produtos.data?.tipo_produtos
        .flatMap((t) => t.produtos)
        .filter((p) => qty.selection.some((s) => s.idproduto === p.idproduto))
        .map((p) => ({ idproduto: p.idproduto, produto: p.dscproduto, preco: p.preco_ctaxa })),
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
    <div className={`chakra-stack ${classes.page}`}>
      <div className={classes.header}>
        <img src={ev.imagem} alt="" className={`chakra-image ${classes.image}`} />
        <div className={`chakra-stack ${classes.intro}`}>
          <h1 data-testid="event-title" className={`chakra-heading ${classes.title}`}>
            {ev.dscevento}
          </h1>
          <div className={`chakra-stack ${classes.place}`}>
            <Glyph name="pin" className={`chakra-icon ${classes.pin}`} />
            <p>{ev.local}</p>
          </div>
          <p>{ev.descricao}</p>
          {ev.a_partir_de !== null ? (
            <p className={classes.from}>
              <FormattedMessage
                id="catalog.fromPrice"
                values={{ price: formatMoney(ev.a_partir_de) }}
              />
              <ApproxPrice reais={ev.a_partir_de} />
            </p>
          ) : null}
        </div>
      </div>

      {dates.length === 0 ? (
        <ErrorAlert status="info" message={<FormattedMessage id="product.noDates" />} />
      ) : (
        <>
          <section className={`chakra-stack ${classes.section}`} aria-labelledby={DATES_HEADING}>
            <h2 id={DATES_HEADING} className={`chakra-heading ${classes.heading}`}>
              <FormattedMessage id="product.chooseDate" />
            </h2>
            <DatePickerRow
              dates={dates}
              selected={dia}
              onSelect={(d) => pick({ data: d })}
              labelledBy={DATES_HEADING}
            />
          </section>

          <section className={`chakra-stack ${classes.section}`} aria-labelledby={TIMES_HEADING}>
            <h2 id={TIMES_HEADING} className={`chakra-heading ${classes.heading}`}>
              <FormattedMessage id="product.chooseTime" />
            </h2>
            {dia ? (
              <p className={classes.note}>
                {formatLongDate(dia, intl.locale)}
                {/* Every time is the venue's (spec §9): named for visitors from other zones. */}
                {' · '}
                <FormattedMessage id="product.timeZone" />
              </p>
            ) : null}
            {horarios.loading ? <LoadingState minH="16" /> : null}
            {horarios.error ? (
              <ErrorAlert
                message={<ErrorMessage error={horarios.error} />}
                onRetry={horarios.reload}
              />
            ) : null}
            {horarios.data && horarios.data.length === 0 ? (
              <p className={classes.muted}>
                <FormattedMessage id="product.noTimes" />
              </p>
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
          </section>

          {idapresentacao === null && horarios.data && horarios.data.length > 0 ? (
            <p data-testid="pick-time-hint" className={classes.muted}>
              <FormattedMessage id="product.pickTimeHint" />
            </p>
          ) : null}

          {idapresentacao !== null && byBlock ? (
            <section className={`chakra-stack ${classes.section}`} aria-labelledby={BLOCKS_HEADING}>
              <h2 id={BLOCKS_HEADING} className={`chakra-heading ${classes.heading}`}>
                <FormattedMessage id="product.chooseBlock" />
              </h2>
              {apresentacao.data?.mapa?.help ? (
                <p id={BLOCKS_HELP} className={classes.note}>
                  {apresentacao.data.mapa.help}
                </p>
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
                <p data-testid="pick-block-hint" className={classes.muted}>
                  <FormattedMessage id="product.pickBlockHint" />
                </p>
              ) : null}
            </section>
          ) : null}

          {idapresentacao !== null && (!byBlock || idbloco !== null) ? (
            <section
              className={`chakra-stack ${classes.tickets}`}
              aria-labelledby={PRODUCTS_HEADING}
            >
              <h2 id={PRODUCTS_HEADING} className={`chakra-heading ${classes.heading}`}>
                <FormattedMessage id="product.chooseTickets" />
              </h2>
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
            </section>
          ) : null}

          <div ref={stickyBar} data-testid="total-bar" className={classes.bar}>
            <div className={`chakra-stack ${classes.section}`}>
              {reserveError ? (
                <ErrorAlert
                  message={<ErrorMessage error={reserveError} />}
                  testId="reserve-error"
                />
              ) : null}
              <div className={classes.barRow}>
                <div aria-live="polite">
                  <p className={classes.note}>
                    <FormattedMessage id="product.selectedCount" values={{ qtd: qty.units }} />
                  </p>
                  {minimum > 0 ? (
                    <p data-testid="agency-minimum" className={classes.note}>
                      <FormattedMessage
                        id="cart.agencyMinimum"
                        values={{
                          minimum,
                          // What is held already counts, with what is chosen here.
                          missing: itemsMissing(minimum, held + qty.units),
                        }}
                      />
                    </p>
                  ) : null}
                  <p data-testid="selection-total" className={classes.total}>
                    {formatMoney(qty.total)}
                  </p>
                  <ApproxPrice reais={qty.total} />
                </div>
                <button
                  type="button"
                  onClick={add}
                  disabled={qty.units === 0 || reservation.busy}
                  data-testid="add-to-cart"
                  data-loading={reservation.busy ? '' : undefined}
                  className={`chakra-button ${classes.add}`}
                >
                  {reservation.busy ? (
                    <ButtonLoader classes={classes}>
                      <FormattedMessage id="product.addToCart" />
                    </ButtonLoader>
                  ) : (
                    <FormattedMessage id="product.addToCart" />
                  )}
                </button>
              </div>
            </div>
          </div>
          <LazyHost on={reservation.confirmAdd}>
            <AddToOrderModal onSeeOrder={goToCheckout} />
          </LazyHost>
        </>
      )}
    </div>
  );
}
