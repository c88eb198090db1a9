import type { SystemStyleObject } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import type { BrandConfig } from '#schemas/contract.ts';
import { focusRing, LINK_BASE } from '#src/components/plain-part-styles.ts';
import { AccountMenu } from '#src/features/auth/components/account-menu.tsx';
import { CartBadge } from '#src/features/cart/components/cart-badge.tsx';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import type { RouteName } from '#src/lib/routes.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { usePublishedHeight } from '#src/lib/use-published-height.ts';
import { CurrencySwitch } from './currency-switch';
import { LANGUAGE_LINKS, LanguageSwitch } from './language-switch';

/**
 * The header's frame and links, styled once by the header (`data-header`, `data-nav-link`):
 * it is on every page, and as Chakra components (Container, Grid and its items, the logo, the
 * navigation's stacks and links) each part resolved its styles as the page hydrated. The
 * look is the one those components gave.
 */
const HEADER_PARTS: SystemStyleObject = {
  '& [data-header=inner]': {
    position: 'relative',
    width: '100%',
    maxW: '5xl',
    mx: 'auto',
    px: { base: '3', md: '6' },
  },
  '& [data-header=grid]': {
    display: 'grid',
    alignItems: 'center',
    columnGap: { base: '2', md: '4' },
    minH: { base: '14', md: '16' },
    gridTemplateColumns: { base: 'auto 1fr auto auto', md: 'auto auto 1fr auto auto auto' },
    gridTemplateAreas: {
      base: '"logo . cart account" "nav nav lang lang"',
      md: '"logo nav . lang cart account"',
    },
  },
  '& [data-area=logo]': { gridArea: 'logo', py: '2' },
  '& [data-area=logo] img': { h: { base: '8', md: '10' }, w: 'auto', objectFit: 'cover' },
  '& [data-area=nav]': { gridArea: 'nav', pb: { base: '2', md: '0' } },
  '& [data-area=lang]': { gridArea: 'lang', justifySelf: 'end', pb: { base: '2', md: '0' } },
  '& [data-area=cart]': { gridArea: 'cart' },
  '& [data-area=account]': { gridArea: 'account' },
  '& [data-header=row]': { display: 'flex', alignItems: 'center', gap: '1' },
  '& [data-nav-link]': {
    ...LINK_BASE,
    px: '3',
    py: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    color: 'fg.muted',
    textDecoration: 'none',
    _hover: {
      bg: 'brand.subtle',
      color: 'brand.fg',
    },
    ...focusRing('brand.focusRing'),
    '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' },
  },
  ...LANGUAGE_LINKS,
};

/** The header itself (a class set: the server resolves it, the page hydrates with its class). */
const HEADER = defineClassSet('header', {
  root: [
    HEADER_PARTS,
    {
      bg: 'bg',
      borderBottomWidth: '1px',
      position: 'sticky',
      top: '0',
      zIndex: 'sticky',
      boxShadow: 'xs',
    },
  ],
});

const NAV: { route: RouteName; label: 'nav.events' | 'nav.orders' }[] = [
  { route: 'Home', label: 'nav.events' },
  { route: 'MeusPedidos', label: 'nav.orders' },
];

function MainNav() {
  const intl = useIntl();
  const to = usePathFor();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.label' })} data-header="row">
      {NAV.map((item) => (
        <NavLink key={item.route} to={to(item.route)} end data-nav-link="">
          <FormattedMessage id={item.label} />
        </NavLink>
      ))}
    </nav>
  );
}

export function Header({ brand }: { brand: BrandConfig }) {
  const locale = useCurrentLocale();
  const to = usePathFor();
  const navigate = useNavigate();
  // Toasts and scroll targets stay below the header (it wraps to two rows on a phone).
  const ref = usePublishedHeight<HTMLElement>('--header-height');
  const classes = useClassSet(HEADER);
  return (
    <header ref={ref} className={classes.root}>
      <div data-header="inner">
        <div data-header="grid">
          <div data-area="logo">
            <RouterLink to={to('Home')} data-testid="home-link">
              <img src={brand.logos.header} alt={brand.logos.alt[locale]} />
            </RouterLink>
          </div>
          <div data-area="nav">
            <MainNav />
          </div>
          <div data-area="lang">
            <div data-header="row">
              <CurrencySwitch brand={brand} />
              <LanguageSwitch brand={brand} />
            </div>
          </div>
          <div data-area="cart">
            <CartBadge to={to('Checkout')} />
          </div>
          <div data-area="account">
            <AccountMenu onLoggedOut={() => navigate(to('Home'))} />
          </div>
        </div>
      </div>
    </header>
  );
}
