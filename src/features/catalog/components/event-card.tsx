import {
  Badge,
  Box,
  Card,
  Heading,
  HStack,
  Image,
  LinkBox,
  LinkOverlay,
  Text,
} from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { Evento } from '../../../../schemas/contract';
import { MapPinIcon } from '../../../components/icons';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { ApproxPrice } from '../../../components/approx-price';

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
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        variant="outline"
        height="full"
        transition="box-shadow 0.15s, transform 0.15s"
        _hover={{ boxShadow: 'md', transform: 'translateY(-2px)' }}
        _focusWithin={{
          outlineWidth: '2px',
          outlineStyle: 'solid',
          outlineColor: 'brand.focusRing',
          outlineOffset: '2px',
        }}
        data-testid="event-card"
        onPointerEnter={onIntent}
        onTouchStart={onIntent}
        onFocus={onIntent}
      >
        <Box position="relative" aspectRatio={16 / 9} bg="brand.subtle">
          <Image
            src={evento.imagem}
            alt=""
            width="full"
            height="full"
            objectFit="cover"
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
          <Badge position="absolute" top="3" left="3" colorPalette="accent" variant="solid">
            <FormattedMessage id={`catalog.kind.${evento.tipo}`} />
          </Badge>
        </Box>
        <Card.Body gap="2" p="4">
          <Heading as="h3" size="md" fontFamily="heading" lineHeight="1.25">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={to}>{evento.dscevento}</RouterLink>
            </LinkOverlay>
          </Heading>
          <HStack color="fg.muted" gap="1.5" fontSize="sm">
            <MapPinIcon boxSize="4" />
            <Text>{evento.local}</Text>
          </HStack>
          {evento.primeira_data && evento.ultima_data ? (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage
                id="catalog.dateRange"
                values={{
                  from: formatDate(evento.primeira_data, intl.locale),
                  to: formatDate(evento.ultima_data, intl.locale),
                }}
              />
            </Text>
          ) : null}
        </Card.Body>
        <Card.Footer p="4" pt="0">
          {onSale ? (
            <Text fontWeight="semibold" color="brand.fg">
              <FormattedMessage
                id="catalog.fromPrice"
                values={{ price: formatMoney(evento.a_partir_de ?? 0) }}
              />
              <ApproxPrice reais={evento.a_partir_de ?? 0} />
            </Text>
          ) : (
            <Text color="fg.muted">
              <FormattedMessage id="catalog.notOnSale" />
            </Text>
          )}
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
