import type { SystemStyleObject } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { Evento } from '#schemas/contract.ts';
import { ApproxPrice } from '#src/components/approx-price.tsx';
import { Glyph } from '#src/components/icons.tsx';
import { GLYPH_4, slotRecipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatDate } from '#src/lib/dates.ts';
import { formatMoney } from '#src/lib/money.ts';

/**
 * The card's parts, styled once by the card (`data-card`): as Chakra components (image, badge,
 * body, heading, link overlay, icon, texts, footer) each of them resolved its styles as the home
 * page hydrated, ~12 per card. The look is the one those components gave (Card's outline
 * variant, Badge's solid one, LinkOverlay's stretched link).
 */
const CARD_PARTS: SystemStyleObject = {
  '& [data-card=media]': { position: 'relative', aspectRatio: 16 / 9, bg: 'brand.subtle' },
  '& [data-card=media] > img': { width: 'full', height: 'full', objectFit: 'cover' },
  '& [data-card=kind]': {
    position: 'absolute',
    top: '3',
    left: '3',
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '1.5',
    minH: '5',
    borderRadius: 'l2',
    fontSize: 'xs',
    lineHeight: '1rem',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    bg: 'accent.solid',
    color: 'accent.contrast',
  },
  '& [data-card=body]': {
    display: 'flex',
    flexDirection: 'column',
    flex: '1',
    gap: '2',
    p: '4',
  },
  '& [data-card=body] > h3': {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: 'md',
    lineHeight: '1.25',
  },
  // The whole card is the link: its ::before covers the card (the card is the positioned box).
  '& [data-card=link]': {
    position: 'static',
    _before: {
      content: "''",
      cursor: 'inherit',
      display: 'block',
      position: 'absolute',
      top: 0,
      left: 0,
      zIndex: 0,
      width: '100%',
      height: '100%',
    },
    // The card shows the focus (its _focusWithin).
    _focusVisible: { outline: 'none' },
  },
  '& [data-card=place]': {
    display: 'flex',
    alignItems: 'center',
    gap: '1.5',
    color: 'fg.muted',
    fontSize: 'sm',
  },
  '& [data-glyph]': GLYPH_4,
  '& [data-card=dates]': { fontSize: 'sm', color: 'fg.muted' },
  '& [data-card=footer]': { display: 'flex', alignItems: 'center', gap: '2', px: '4', pb: '4' },
  '& [data-card=price]': { fontWeight: 'semibold', color: 'brand.fg' },
  '& [data-card=off]': { color: 'fg.muted' },
};

/**
 * The card as Chakra drew it: Card's root (outline variant) with its parts and its own look, then
 * LinkBox's styles, which LinkBox (`asChild`) merged into the card's class. The class is not the
 * components' own: emotion hashed the card's styles followed by LinkBox's as written text, which
 * one style object cannot reproduce (merged, LinkBox's nested rule comes before the card's hover
 * rule instead of after it). The rules are the same, and neither of the two sets a property of
 * the other, so the card looks the same.
 */
const EVENT_CARD = defineClassSet('event-card', (system) => ({
  root: [
    // Card.Root's recipe, then its css (the parts), then its style props.
    ...slotRecipeLook(system, 'card', 'root', { variant: 'outline' }, CARD_PARTS),
    {
      overflow: 'hidden',
      height: 'full',
      transition: 'box-shadow 0.15s, transform 0.15s',
      _hover: { boxShadow: 'md', transform: 'translateY(-2px)' },
      _focusWithin: {
        outlineWidth: '2px',
        outlineStyle: 'solid',
        outlineColor: 'brand.focusRing',
        outlineOffset: '2px',
      },
    },
    // LinkBox's: its css, then its style prop.
    {
      '& a[href]:not(.chakra-linkbox__overlay), abbr[title]': { position: 'relative', zIndex: 1 },
    },
    { position: 'relative' },
  ],
}));

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
  const classes = useClassSet(EVENT_CARD);
  return (
    <article
      className={`chakra-linkbox chakra-card__root ${classes.root}`}
      data-testid="event-card"
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
    >
      <div data-card="media">
        <img
          src={evento.imagem}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        <span data-card="kind">
          <FormattedMessage id={`catalog.kind.${evento.tipo}`} />
        </span>
      </div>
      <div data-card="body">
        <h3>
          <RouterLink to={to} className="chakra-linkbox__overlay" data-card="link">
            {evento.dscevento}
          </RouterLink>
        </h3>
        <div data-card="place">
          <Glyph name="pin" />
          <p>{evento.local}</p>
        </div>
        {evento.primeira_data && evento.ultima_data ? (
          <p data-card="dates">
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
      <div data-card="footer">
        {onSale ? (
          <p data-card="price">
            <FormattedMessage
              id="catalog.fromPrice"
              values={{ price: formatMoney(evento.a_partir_de ?? 0) }}
            />
            <ApproxPrice reais={evento.a_partir_de ?? 0} />
          </p>
        ) : (
          <p data-card="off">
            <FormattedMessage id="catalog.notOnSale" />
          </p>
        )}
      </div>
    </article>
  );
}
