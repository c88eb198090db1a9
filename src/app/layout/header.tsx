import { Box, Container, Grid, GridItem, HStack, Image, Link } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import type { BrandConfig } from '../../../schemas/contract';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { CartBadge } from '../../features/cart/components/cart-badge';
import { useCurrentLocale } from '../../lib/locale';
import type { RouteName } from '../../lib/routes';
import { usePathFor } from '../../lib/use-path-for';
import { usePublishedHeight } from '../../lib/use-published-height';
import { CurrencySwitch } from './currency-switch';
import { LanguageSwitch } from './language-switch';

const NAV: { route: RouteName; label: 'nav.events' | 'nav.orders' }[] = [
  { route: 'Home', label: 'nav.events' },
  { route: 'MeusPedidos', label: 'nav.orders' },
];

function MainNav() {
  const intl = useIntl();
  const to = usePathFor();
  return (
    <HStack as="nav" aria-label={intl.formatMessage({ id: 'nav.label' })} gap="1">
      {NAV.map((item) => (
        <Link
          asChild
          key={item.route}
          px="3"
          py="2"
          borderRadius="md"
          fontSize="sm"
          fontWeight="medium"
          whiteSpace="nowrap"
          color="fg.muted"
          textDecoration="none"
          _hover={{ bg: 'brand.subtle', color: 'brand.fg' }}
          css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } }}
        >
          <NavLink to={to(item.route)} end>
            <FormattedMessage id={item.label} />
          </NavLink>
        </Link>
      ))}
    </HStack>
  );
}

export function Header({ brand }: { brand: BrandConfig }) {
  const locale = useCurrentLocale();
  const to = usePathFor();
  const navigate = useNavigate();
  // Toasts and scroll targets stay below the header (it wraps to two rows on a phone).
  const ref = usePublishedHeight<HTMLElement>('--header-height');
  return (
    <Box
      ref={ref}
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
      boxShadow="xs"
    >
      <Container maxW="5xl" px={{ base: '3', md: '6' }}>
        <Grid
          alignItems="center"
          columnGap={{ base: '2', md: '4' }}
          minH={{ base: '14', md: '16' }}
          templateColumns={{ base: 'auto 1fr auto auto', md: 'auto auto 1fr auto auto auto' }}
          templateAreas={{
            base: '"logo . cart account" "nav nav lang lang"',
            md: '"logo nav . lang cart account"',
          }}
        >
          <GridItem area="logo" py="2">
            <RouterLink to={to('Home')} data-testid="home-link">
              <Image
                src={brand.logos.header}
                alt={brand.logos.alt[locale]}
                h={{ base: '8', md: '10' }}
                w="auto"
              />
            </RouterLink>
          </GridItem>
          <GridItem area="nav" pb={{ base: '2', md: '0' }}>
            <MainNav />
          </GridItem>
          <GridItem area="lang" justifySelf="end" pb={{ base: '2', md: '0' }}>
            <HStack gap="1">
              <CurrencySwitch brand={brand} />
              <LanguageSwitch brand={brand} />
            </HStack>
          </GridItem>
          <GridItem area="cart">
            <CartBadge to={to('Checkout')} />
          </GridItem>
          <GridItem area="account">
            <AccountMenu onLoggedOut={() => navigate(to('Home'))} />
          </GridItem>
        </Grid>
      </Container>
    </Box>
  );
}
