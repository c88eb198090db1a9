import type { Evento } from '#schemas/contract.ts';
import { EventCard } from './event-card';
import styles from './event-grid.module.css';

const FIRST_SCREEN_CARDS = 3;

export function EventGrid({
  eventos,
  linkTo,
  onIntent,
}: {
  eventos: Evento[];
  linkTo: (e: Evento) => string;
  /** The pointer or the focus came to a card: its page may load ahead of the tap. */
  onIntent?: () => void;
}) {
  return (
    <ul className={styles.grid}>
      {eventos.map((e, i) => (
        <li key={e.idevento}>
          {/* The first row on a laptop, the first card on a phone: on the first screen. */}
          <EventCard
            evento={e}
            to={linkTo(e)}
            priority={i < FIRST_SCREEN_CARDS}
            onIntent={onIntent}
          />
        </li>
      ))}
    </ul>
  );
}
