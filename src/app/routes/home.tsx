import { FormattedMessage } from 'react-intl';
import { ErrorMessage } from '#src/components/error-message.tsx';
import { LazyErrorAlert as ErrorAlert } from '#src/components/lazy-styled-parts.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { BrandHero } from '#src/features/catalog/components/brand-hero.tsx';
import { EventGrid } from '#src/features/catalog/components/event-grid.tsx';
import { useEventos } from '#src/features/catalog/hooks/use-catalog.ts';
import { useBrand } from '#src/lib/brand-context.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import styles from './home.module.css';

const EVENTS_HEADING_ID = 'events-heading';

/** The event page's code, ahead of a tap on an event (the shell shows progress meanwhile). */
function prefetchEventPage(): void {
  void Promise.all([import('./produto'), import('./cart-scope')]).catch(() => {});
}

export function HomePage() {
  const brand = useBrand();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const eventos = useEventos();
  return (
    <div className={styles.page}>
      <BrandHero brand={brand} locale={locale} />
      <section aria-labelledby={EVENTS_HEADING_ID} className={styles.events}>
        <h2 id={EVENTS_HEADING_ID} className={styles.heading}>
          <FormattedMessage id="home.eventsTitle" />
        </h2>
        {eventos.loading ? <LoadingState /> : null}
        {eventos.error ? (
          <ErrorAlert message={<ErrorMessage error={eventos.error} />} onRetry={eventos.reload} />
        ) : null}
        {eventos.data && eventos.data.length === 0 ? (
          <p className={styles.noEvents}>
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
