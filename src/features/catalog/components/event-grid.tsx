import { SimpleGrid } from '@chakra-ui/react';
import type { Evento } from '../../../../schemas/contract';
import { EventCard } from './event-card';

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
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={{ base: 1, sm: 2, md: 3 }}
      gap={{ base: '4', md: '6' }}
    >
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
    </SimpleGrid>
  );
}
