import { FormattedMessage } from 'react-intl';
import type { BrandConfig, Locale } from '#schemas/contract.ts';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatMoney } from '#src/lib/money.ts';

const HERO_TITLE_ID = 'hero-title';

/** The hero's parts as Chakra drew them (a Box, a Heading, two Texts): a class set. */
const HERO = defineClassSet('hero', (system) => ({
  section: {
    bg: 'brand.solid',
    color: 'brand.contrast',
    borderRadius: { base: 'none', md: 'xl' },
    mx: { base: '-4', md: '0' },
    px: { base: '5', md: '10' },
    py: { base: '8', md: '12' },
    bgGradient: 'to-br',
    gradientFrom: 'brand.solid',
    gradientTo: 'brand.900',
  },
  title: recipeLook(
    system,
    'heading',
    {},
    {
      fontSize: { base: '2xl', md: '4xl' },
      lineHeight: '1.15',
      fontFamily: 'heading',
      maxW: '3xl',
    },
  ),
  description: recipeLook(
    system,
    'text',
    {},
    { mt: '4', fontSize: { base: 'md', md: 'lg' }, maxW: '3xl', opacity: 0.92 },
  ),
  installments: recipeLook(system, 'text', {}, { mt: '3', fontSize: 'sm', fontWeight: 'semibold' }),
}));

/** The brand's welcome: its title and description on the brand colour. */
export function BrandHero({ brand, locale }: { brand: BrandConfig; locale: Locale }) {
  const classes = useClassSet(HERO);
  return (
    <section aria-labelledby={HERO_TITLE_ID} className={classes.section}>
      <h1 id={HERO_TITLE_ID} className={`chakra-heading ${classes.title}`}>
        {brand.title[locale]}
      </h1>
      <p className={classes.description}>{brand.description[locale]}</p>
      {brand.installments.max > 1 ? (
        <p className={classes.installments} data-testid="hero-installments">
          <FormattedMessage
            id={brand.installments.interestFree > 1 ? 'home.installmentsFree' : 'home.installments'}
            values={{
              max: brand.installments.max,
              semJuros: brand.installments.interestFree,
              minimo: formatMoney(brand.installments.minValue),
            }}
          />
        </p>
      ) : null}
    </section>
  );
}
