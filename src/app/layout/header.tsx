import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import type { BrandConfig } from '#schemas/contract.ts';
import { AccountMenu } from '#src/features/auth/components/account-menu.tsx';
import { CartBadge } from '#src/features/cart/components/cart-badge.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import type { RouteName } from '#src/lib/routes.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { usePublishedHeight } from '#src/lib/use-published-height.ts';
import { CurrencySwitch } from './currency-switch';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch';

const NAV: { route: RouteName; label: 'nav.events' | 'nav.orders' }[] = [
  { route: 'Home', label: 'nav.events' },
  { route: 'MeusPedidos', label: 'nav.orders' },
];

function MainNav() {
  const intl = useIntl();
  const to = usePathFor();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.label' })} className={styles.row}>
      {NAV.map((item) => (
        <NavLink key={item.route} to={to(item.route)} end className={styles.navLink}>
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
  return (
    <header ref={ref} className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.grid}>
          <div className={styles.logo}>
            <RouterLink to={to('Home')} data-testid="home-link">
              <img src={brand.logos.header} alt={brand.logos.alt[locale]} />
            </RouterLink>
          </div>
          <div className={styles.nav}>
            <MainNav />
          </div>
          <div className={styles.lang}>
            <div className={styles.row}>
              <CurrencySwitch brand={brand} />
              <LanguageSwitch brand={brand} />
            </div>
          </div>
          <div className={styles.cart}>
            <CartBadge to={to('Checkout')} />
          </div>
          <div className={styles.account}>
            <AccountMenu onLoggedOut={() => navigate(to('Home'))} />
          </div>
        </div>
      </div>
    </header>
  );
}
