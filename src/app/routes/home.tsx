import { FormattedMessage } from 'react-intl';
import { ErrorMessage } from '#src/components/error-message.tsx';
import { LazyErrorAlert as ErrorAlert } from '#src/components/lazy-styled-parts.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { BrandHero } from '#src/features/catalog/components/brand-hero.tsx';
import { EventGrid } from '#src/features/catalog/components/event-grid.tsx';
import { useEventos } from '#src/features/catalog/hooks/use-catalog.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';

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
