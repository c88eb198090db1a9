import type { Evento } from '#schemas/contract.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { EventCard } from './event-card';

const FIRST_SCREEN_CARDS = 3;

/** The list as Chakra's SimpleGrid drew it: one column on a phone, two, then three. */
const GRID = defineClassSet('event-grid', {
  list: [
    {
      display: 'grid',
      gridTemplateColumns: {
        base: 'repeat(1, minmax(0, 1fr))',
        sm: 'repeat(2, minmax(0, 1fr))',
        md: 'repeat(3, minmax(0, 1fr))',
      },
    },
    { listStyleType: 'none', gap: { base: '4', md: '6' } },
  ],
});

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
  const classes = useClassSet(GRID);
  return (
    <ul className={classes.list}>
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
