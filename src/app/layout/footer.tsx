import { Box, Container, Flex, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BrandConfig } from '../../../schemas/contract';
import { AppLink } from '../../components/app-link';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon } from '../../components/icons';
import { useCurrentLocale } from '../../lib/locale';
import { usePathFor } from '../../lib/use-path-for';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** Support contacts (spec §1) and the policy pages. */
export function Footer({ brand }: { brand: BrandConfig }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const { support } = brand;
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
          </Stack>
          <Stack
            as="nav"
            gap="2"
            fontSize="sm"
            aria-label={intl.formatMessage({ id: 'footer.policies' })}
          >
            <Heading as="h2" size="sm">
              <FormattedMessage id="footer.policies" />
            </Heading>
            <AppLink to={to('Politicas', { pagina: 'privacidade' })} color="inherit">
              <FormattedMessage id="footer.privacy" />
            </AppLink>
            <AppLink to={to('Politicas', { pagina: 'cookies' })} color="inherit">
              <FormattedMessage id="footer.cookies" />
            </AppLink>
            <AppLink to={to('Informacoes', { pagina: 'faq' })} color="inherit">
              <FormattedMessage id="footer.faq" />
            </AppLink>
            <AppLink to={to('Voucher')} color="inherit">
              <FormattedMessage id="footer.voucher" />
            </AppLink>
          </Stack>
        </Flex>
        <Text fontSize="xs" mt="8" opacity={0.85}>
          <FormattedMessage
            id="footer.copyright"
            values={{ year: new Date().getFullYear(), brand: brand.logos.alt[locale] }}
          />
        </Text>
      </Container>
    </Box>
  );
}
