import { FormattedMessage } from 'react-intl';
import { ErrorMessage } from '../../components/error-message';
import { LazyErrorAlert as ErrorAlert } from '../../components/lazy-styled-parts';
import { LoadingState } from '../../components/loading-state';
import { recipeLook } from '../../components/plain-part-styles';
import { BrandHero } from '../../features/catalog/components/brand-hero';
import { EventGrid } from '../../features/catalog/components/event-grid';
import { useEventos } from '../../features/catalog/hooks/use-catalog';
import { useBrand } from '../../lib/brand-context';
import { defineClassSet, useClassSet } from '../../lib/class-sets';
import { useCurrentLocale } from '../../lib/locale';
import { usePathFor } from '../../lib/use-path-for';

const EVENTS_HEADING_ID = 'events-heading';

/** The event page's code, ahead of a tap on an event (the shell shows progress meanwhile). */
function prefetchEventPage(): void {
  void Promise.all([import('./produto'), import('./cart-scope')]).catch(() => {});
}

/**
 * The page's column and the events' section as Chakra's Stacks drew them, its heading, and the
 * sentence when there is no event (a Text).
 */
const HOME = defineClassSet('home', (system) => ({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: { base: '6', md: '10' },
    mt: { base: '-5', md: '0' },
  },
  events: { display: 'flex', flexDirection: 'column', gap: '4' },
  heading: recipeLook(system, 'heading', { size: 'xl' }, { fontFamily: 'heading' }),
  noEvents: recipeLook(system, 'text', {}, { color: 'fg.muted' }),
}));

export function HomePage() {
  const brand = useBrand();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const eventos = useEventos();
  const classes = useClassSet(HOME);
  return (
    <div className={`chakra-stack ${classes.page}`}>
      <BrandHero brand={brand} locale={locale} />
      <section aria-labelledby={EVENTS_HEADING_ID} className={`chakra-stack ${classes.events}`}>
        <h2 id={EVENTS_HEADING_ID} className={`chakra-heading ${classes.heading}`}>
          <FormattedMessage id="home.eventsTitle" />
        </h2>
        {eventos.loading ? <LoadingState /> : null}
        {eventos.error ? (
          <ErrorAlert message={<ErrorMessage error={eventos.error} />} onRetry={eventos.reload} />
        ) : null}
        {eventos.data && eventos.data.length === 0 ? (
          <p className={classes.noEvents}>
            <FormattedMessage id="home.noEvents" />
          </p>
        ) : null}
        {eventos.data && eventos.data.length > 0 ? (
          <EventGrid
            eventos={eventos.data}
            linkTo={(e) => to('Produto', { id: e.idevento })}
            onIntent={prefetchEventPage}
          />
        ) : null}
      </section>
    </div>
  );
}
