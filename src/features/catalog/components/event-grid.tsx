import { SimpleGrid } from '@chakra-ui/react';
import type { Evento } from '../../../../schemas/contract';
import { EventCard } from './event-card';

export function EventGrid({
  eventos,
  linkTo,
}: {
  eventos: Evento[];
  linkTo: (e: Evento) => string;
}) {
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={{ base: 1, sm: 2, md: 3 }}
      gap={{ base: '4', md: '6' }}
    >
      {eventos.map((e) => (
        <li key={e.idevento}>
          <EventCard evento={e} to={linkTo(e)} />
        </li>
      ))}
    </SimpleGrid>
  );
}
