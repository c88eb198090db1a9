import { Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { ErrorAlert, ErrorMessage } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { BrandHero } from '../../features/catalog/components/brand-hero';
import { EventGrid } from '../../features/catalog/components/event-grid';
import { useEventos } from '../../features/catalog/hooks/use-catalog';
import { useBrand } from '../../lib/brand-context';
import { useCurrentLocale } from '../../lib/locale';
import { usePathFor } from '../../lib/use-path-for';

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
    <Stack gap={{ base: '6', md: '10' }} mt={{ base: '-5', md: '0' }}>
      <BrandHero brand={brand} locale={locale} />
      <Stack as="section" aria-labelledby={EVENTS_HEADING_ID} gap="4">
        <Heading as="h2" id={EVENTS_HEADING_ID} size="xl" fontFamily="heading">
          <FormattedMessage id="home.eventsTitle" />
        </Heading>
        {eventos.loading ? <LoadingState /> : null}
        {eventos.error ? (
          <ErrorAlert message={<ErrorMessage error={eventos.error} />} onRetry={eventos.reload} />
        ) : null}
        {eventos.data && eventos.data.length === 0 ? (
          <Text color="fg.muted">
            <FormattedMessage id="home.noEvents" />
          </Text>
        ) : null}
        {eventos.data && eventos.data.length > 0 ? (
          <EventGrid
            eventos={eventos.data}
            linkTo={(e) => to('Produto', { id: e.idevento })}
            onIntent={prefetchEventPage}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}
