import { Badge, Box, IconButton } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { CartIcon } from '../../../components/icons';
import { useCartCount } from '../hooks/use-cart-count';

/** Link to the checkout with the number of held units. */
export function CartBadge({ to }: { to: string }) {
  const intl = useIntl();
  const count = useCartCount();
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      position="relative"
      aria-label={intl.formatMessage({ id: 'header.cartAria' }, { count })}
    >
      <RouterLink to={to} data-testid="cart-link">
        <CartIcon boxSize="5" />
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
    </IconButton>
  );
}
