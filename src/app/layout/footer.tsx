import { Box, Container, Flex, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type BrandConfig, type ContentSection, FAQ_SLUGS } from '../../../schemas/contract';
import { hasTrackers } from '../../../schemas/trackers';
import { AppLink } from '../../components/app-link';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon } from '../../components/icons';
import { useConteudos } from '../../features/content/hooks/use-content';
import { NewsletterSignup } from '../../features/newsletter/components/newsletter-signup';
import { useCurrentLocale } from '../../lib/locale';
import { telHref, whatsappHref } from '../../lib/support-links';
import { CONSENT_OPENER_ID, openConsentPreferences } from '../../lib/tracking/consent';
import { openSupport } from '../../lib/ui-stores';
import { usePathFor } from '../../lib/use-path-for';

/** Support contacts (spec §1) and the policy pages. */
export function Footer({ brand }: { brand: BrandConfig }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const { support } = brand;
  const content = useConteudos();
  // A page in both sections (privacy, cookies) is linked once, under the policies.
  /** Links to the brand's pages of a section (a page in both goes under Politicas only). */
  const pageLinks = (section: ContentSection, route: 'Informacoes' | 'Politicas') =>
    (content.data ?? [])
      .filter(
        (c) =>
          c.tipo === 'pagina' &&
          c.secoes.includes(section) &&
          (section === 'politicas' || !c.secoes.includes('politicas')),
      )
      .map((c) => (
        <AppLink key={c.id} to={to(route, { pagina: c.slugs?.[locale] ?? c.id })} color="inherit">
          {c.titulo}
        </AppLink>
      ));
  return (
    <Box as="footer" bg="brand.solid" color="brand.contrast" mt="10">
      <Container maxW="5xl" px={{ base: '4', md: '6' }} py="8">
        <Flex direction={{ base: 'column', md: 'row' }} gap="8" justify="space-between">
          <Stack gap="3" maxW="sm">
            <Image
              src={brand.logos.footer}
              alt={brand.logos.alt[locale]}
              h="10"
              w="auto"
              alignSelf="flex-start"
            />
            <Text fontSize="sm" opacity={0.9}>
              {brand.description[locale]}
            </Text>
          </Stack>
          <Stack
            as="section"
            gap="2"
            aria-label={intl.formatMessage({ id: 'footer.support' })}
            fontSize="sm"
          >
            <Heading as="h2" size="sm">
              <FormattedMessage id="footer.support" />
            </Heading>
            {support.email ? (
              <HStack gap="2">
                <MailIcon boxSize="4" />
                <Link href={`mailto:${support.email}`} color="inherit" data-testid="support-email">
                  {support.email}
                </Link>
              </HStack>
            ) : null}
            {support.phone ? (
              <HStack gap="2">
                <PhoneIcon boxSize="4" />
                <Link href={telHref(support.phone)} color="inherit">
                  {support.phone}
                </Link>
              </HStack>
            ) : null}
            {support.whatsapp ? (
              <HStack gap="2">
                <ChatIcon boxSize="4" />
                <Link
                  href={whatsappHref(support.whatsapp)}
                  color="inherit"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <FormattedMessage id="footer.whatsapp" values={{ phone: support.whatsapp }} />
                </Link>
              </HStack>
            ) : null}
            {support.hours[locale] ? (
              <HStack gap="2" align="start">
                <ClockIcon boxSize="4" mt="0.5" />
                <Text>{support.hours[locale]}</Text>
              </HStack>
            ) : null}
            {/* The customer-service target (spec §2): the support panel. */}
            <Link asChild color="inherit" minH="6" alignSelf="flex-start">
              <button
                type="button"
                onClick={(e) => openSupport(e.currentTarget)}
                aria-haspopup="dialog"
                data-testid="footer-support-open"
              >
                <FormattedMessage id="footer.openSupport" />
              </button>
            </Link>
          </Stack>
          <FooterNav label={intl.formatMessage({ id: 'page.information.title' })}>
            {pageLinks('informacoes', 'Informacoes')}
            <AppLink to={to('Informacoes', { pagina: FAQ_SLUGS[locale] })} color="inherit">
              <FormattedMessage id="footer.faq" />
            </AppLink>
            {brand.vouchers === false ? null : (
              <AppLink to={to('Voucher')} color="inherit" data-testid="footer-voucher">
                <FormattedMessage id="footer.voucher" />
              </AppLink>
            )}
            <AppLink to={to('Contato')} color="inherit" data-testid="footer-contact">
              <FormattedMessage id="footer.contact" />
            </AppLink>
          </FooterNav>
          <FooterNav label={intl.formatMessage({ id: 'page.policies.title' })}>
            {pageLinks('politicas', 'Politicas')}
          </FooterNav>
        </Flex>
        <Box mt="8">
          <NewsletterSignup />
        </Box>
        <Flex mt="8" gap="4" wrap="wrap" align="center" justify="space-between">
          <Text fontSize="xs" opacity={0.85}>
            <FormattedMessage
              id="footer.copyright"
              values={{ year: new Date().getFullYear(), brand: brand.logos.alt[locale] }}
            />
          </Text>
          {hasTrackers(brand.analytics) ? (
            // Changes the cookie choices at any time (LGPD): the banner opens with them.
            <Link asChild color="inherit" fontSize="sm" minH="6">
              <button
                type="button"
                id={CONSENT_OPENER_ID}
                onClick={openConsentPreferences}
                data-testid="consent-preferences"
              >
                <FormattedMessage id="footer.cookiePreferences" />
              </button>
            </Link>
          ) : null}
        </Flex>
      </Container>
    </Box>
  );
}

function FooterNav({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack as="nav" gap="2" fontSize="sm" aria-label={label}>
      <Heading as="h2" size="sm">
        {label}
      </Heading>
      {children}
    </Stack>
  );
}
