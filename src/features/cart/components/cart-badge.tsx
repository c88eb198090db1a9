import { Badge, Box } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Glyph } from '../../../components/icons';
import { recipeLook } from '../../../components/plain-part-styles';
import { defineClassSet, useClassSet } from '../../../lib/class-sets';
import { useCartCount } from '../hooks/use-cart-count';

/** Chakra's ghost IconButton at size sm and its icon at box size 5, for a plain link. */
const CART_LINK = defineClassSet('cart-link', (system) => ({
  link: recipeLook(
    system,
    'button',
    { variant: 'ghost', size: 'sm' },
    { px: '0', py: '0', _icon: { fontSize: '1.2em' }, position: 'relative' },
  ),
  icon: recipeLook(system, 'icon', {}, { boxSize: '5' }),
}));

/** Link to the checkout with the number of held units. */
export function CartBadge({ to }: { to: string }) {
  const intl = useIntl();
  const count = useCartCount();
  const classes = useClassSet(CART_LINK);
  return (
    <RouterLink
      to={to}
      data-testid="cart-link"
      className={`chakra-button ${classes.link}`}
      aria-label={intl.formatMessage({ id: 'header.cartAria' }, { count })}
    >
      <Glyph name="cart" className={`chakra-icon ${classes.icon}`} />
      {count > 0 ? (
        <Box position="absolute" top="-1" right="-1" aria-hidden="true">
          <Badge
            variant="solid"
            colorPalette="accent"
            size="xs"
            borderRadius="full"
            data-testid="cart-count"
          >
            {count}
          </Badge>
        </Box>
      ) : null}
    </RouterLink>
  );
}
