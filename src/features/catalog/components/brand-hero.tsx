import { FormattedMessage } from 'react-intl';
import type { BrandConfig, Locale } from '#schemas/contract.ts';
import { formatMoney } from '#src/lib/money.ts';
import styles from './brand-hero.module.css';

const HERO_TITLE_ID = 'hero-title';

/** The brand's welcome: its title and description on the brand colour. */
export function BrandHero({ brand, locale }: { brand: BrandConfig; locale: Locale }) {
  return (
    <section aria-labelledby={HERO_TITLE_ID} className={styles.hero}>
      <h1 id={HERO_TITLE_ID} className={styles.title}>
        {brand.title[locale]}
      </h1>
      <p className={styles.description}>{brand.description[locale]}</p>
      {brand.installments.max > 1 ? (
        <p className={styles.installments} data-testid="hero-installments">
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
