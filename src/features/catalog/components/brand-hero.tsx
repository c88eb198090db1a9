import { Box, Heading, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { BrandConfig, Locale } from '../../../../schemas/contract';
import { formatMoney } from '../../../lib/money';

const HERO_TITLE_ID = 'hero-title';

/** The brand's welcome: its title and description on the brand colour. */
export function BrandHero({ brand, locale }: { brand: BrandConfig; locale: Locale }) {
  return (
    <Box
      as="section"
      aria-labelledby={HERO_TITLE_ID}
      bg="brand.solid"
      color="brand.contrast"
      borderRadius={{ base: 'none', md: 'xl' }}
      mx={{ base: '-4', md: '0' }}
      px={{ base: '5', md: '10' }}
      py={{ base: '8', md: '12' }}
      bgGradient="to-br"
      gradientFrom="brand.solid"
      gradientTo="brand.900"
    >
      <Heading
        as="h1"
        id={HERO_TITLE_ID}
        fontSize={{ base: '2xl', md: '4xl' }}
        lineHeight="1.15"
        fontFamily="heading"
        maxW="3xl"
      >
        {brand.title[locale]}
      </Heading>
      <Text mt="4" fontSize={{ base: 'md', md: 'lg' }} maxW="3xl" opacity={0.92}>
        {brand.description[locale]}
      </Text>
      {brand.installments.max > 1 ? (
        <Text mt="3" fontSize="sm" fontWeight="semibold" data-testid="hero-installments">
          <FormattedMessage
            id={brand.installments.interestFree > 1 ? 'home.installmentsFree' : 'home.installments'}
            values={{
              max: brand.installments.max,
              semJuros: brand.installments.interestFree,
              minimo: formatMoney(brand.installments.minValue),
            }}
          />
        </Text>
      ) : null}
    </Box>
  );
}
