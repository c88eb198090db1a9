import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { Evento } from '#schemas/contract.ts';
import { ApproxPrice } from '#src/components/approx-price.tsx';
import { Glyph } from '#src/components/icons.tsx';
import { formatDate } from '#src/lib/dates.ts';
import { formatMoney } from '#src/lib/money.ts';
import styles from './event-card.module.css';

/**
 * One event of the home grid; the whole card is the link (named by the event). `priority`: the
 * card is on the first screen, so its image loads at once (it is the page's largest paint)
 * instead of lazily.
 */
export function EventCard({
  evento,
  to,
  priority = false,
  onIntent,
}: {
  evento: Evento;
  to: string;
  priority?: boolean;
  /** The pointer or the focus came to the card (see EventGrid). */
  onIntent?: (() => void) | undefined;
}) {
  const intl = useIntl();
  const onSale = evento.a_partir_de !== null;
  return (
    <article
      className={styles.card}
      data-testid="event-card"
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
    >
      <div className={styles.media}>
        <img
          src={evento.imagem}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        <span className={styles.kind}>
          <FormattedMessage id={`catalog.kind.${evento.tipo}`} />
        </span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <RouterLink to={to} className={styles.link}>
            {evento.dscevento}
          </RouterLink>
        </h3>
        <div className={styles.place}>
          <Glyph name="pin" />
          <p>{evento.local}</p>
        </div>
        {evento.primeira_data && evento.ultima_data ? (
          <p className={styles.dates}>
            <FormattedMessage
              id="catalog.dateRange"
              values={{
                from: formatDate(evento.primeira_data, intl.locale),
                to: formatDate(evento.ultima_data, intl.locale),
              }}
            />
          </p>
        ) : null}
      </div>
      <div className={styles.footer}>
        {onSale ? (
          <p className={styles.price}>
            <FormattedMessage
              id="catalog.fromPrice"
              values={{ price: formatMoney(evento.a_partir_de ?? 0) }}
            />
            <ApproxPrice reais={evento.a_partir_de ?? 0} />
          </p>
        ) : (
          <p className={styles.off}>
            <FormattedMessage id="catalog.notOnSale" />
          </p>
        )}
      </div>
    </article>
  );
}
