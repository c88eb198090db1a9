import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Glyph } from '#src/components/icons.tsx';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useCartCount } from '../hooks/use-cart-count';

/**
 * Chakra's ghost IconButton at size sm and its icon at box size 5, for a plain link; the count
 * over it as a Box and a solid Badge at size xs drew it.
 */
const CART_LINK = defineClassSet('cart-link', (system) => ({
  link: recipeLook(
    system,
    'button',
    { variant: 'ghost', size: 'sm' },
    { px: '0', py: '0', _icon: { fontSize: '1.2em' }, position: 'relative' },
  ),
  icon: recipeLook(system, 'icon', {}, { boxSize: '5' }),
  countBox: { position: 'absolute', top: '-1', right: '-1' },
  count: recipeLook(
    system,
    'badge',
    { variant: 'solid', size: 'xs' },
    { colorPalette: 'accent', borderRadius: 'full' },
  ),
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
        <div aria-hidden="true" className={classes.countBox}>
          <span data-testid="cart-count" className={`chakra-badge ${classes.count}`}>
            {count}
          </span>
        </div>
      ) : null}
    </RouterLink>
  );
}
