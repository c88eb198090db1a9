import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { type BrandConfig, type ContentSection, FAQ_SLUGS } from '#schemas/contract.ts';
import { hasTrackers } from '#schemas/trackers.ts';
import { Glyph } from '#src/components/icons.tsx';
import { useConteudos } from '#src/features/content/hooks/use-content.ts';
import { NewsletterSignup } from '#src/features/newsletter/components/newsletter-signup.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { telHref, whatsappHref } from '#src/lib/support-links.ts';
import { CONSENT_OPENER_ID, openConsentPreferences } from '#src/lib/tracking/consent.ts';
import { openSupport } from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import styles from './footer.module.css';

/** Support contacts (spec §1) and the policy pages. */
export function Footer({ brand }: { brand: BrandConfig }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const { support } = brand;
  const content = useConteudos();
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
        <RouterLink
          key={c.id}
          to={to(route, { pagina: c.slugs?.[locale] ?? c.id })}
          className={styles.link}
        >
          {c.titulo}
        </RouterLink>
      ));
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          <div className={styles.about}>
            <img src={brand.logos.footer} alt={brand.logos.alt[locale]} className={styles.logo} />
            <p className={styles.description}>{brand.description[locale]}</p>
          </div>
          <section
            className={styles.column}
            aria-label={intl.formatMessage({ id: 'footer.support' })}
          >
            <h2>
              <FormattedMessage id="footer.support" />
            </h2>
            {support.email ? (
              <div className={styles.contact}>
                <Glyph name="mail" />
                <a
                  href={`mailto:${support.email}`}
                  className={styles.link}
                  data-testid="support-email"
                >
                  {support.email}
                </a>
              </div>
            ) : null}
            {support.phone ? (
              <div className={styles.contact}>
                <Glyph name="phone" />
                <a href={telHref(support.phone)} className={styles.link}>
                  {support.phone}
                </a>
              </div>
            ) : null}
            {support.whatsapp ? (
              <div className={styles.contact}>
                <Glyph name="chat" />
                <a
                  href={whatsappHref(support.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.link}
                >
                  <FormattedMessage id="footer.whatsapp" values={{ phone: support.whatsapp }} />
                </a>
              </div>
            ) : null}
            {support.hours[locale] ? (
              <div className={`${styles.contact} ${styles.multiline}`}>
                <Glyph name="clock" />
                <p>{support.hours[locale]}</p>
              </div>
            ) : null}
            {/* The customer-service target (spec §2): the support panel. */}
            <button
              type="button"
              onClick={(e) => openSupport(e.currentTarget)}
              aria-haspopup="dialog"
              className={styles.link}
              data-testid="footer-support-open"
            >
              <FormattedMessage id="footer.openSupport" />
            </button>
          </section>
          <FooterNav label={intl.formatMessage({ id: 'page.information.title' })}>
            {pageLinks('informacoes', 'Informacoes')}
            <RouterLink
              to={to('Informacoes', { pagina: FAQ_SLUGS[locale] })}
              className={styles.link}
            >
              <FormattedMessage id="footer.faq" />
            </RouterLink>
            {brand.vouchers === false ? null : (
              <RouterLink to={to('Voucher')} className={styles.link} data-testid="footer-voucher">
                <FormattedMessage id="footer.voucher" />
              </RouterLink>
            )}
            <RouterLink to={to('Contato')} className={styles.link} data-testid="footer-contact">
              <FormattedMessage id="footer.contact" />
            </RouterLink>
          </FooterNav>
          <FooterNav label={intl.formatMessage({ id: 'page.policies.title' })}>
            {pageLinks('politicas', 'Politicas')}
          </FooterNav>
        </div>
        <div className={styles.newsletter}>
          <NewsletterSignup />
        </div>
        <div className={styles.bottom}>
          <p className={styles.copyright}>
            <FormattedMessage
              id="footer.copyright"
              values={{ year: new Date().getFullYear(), brand: brand.logos.alt[locale] }}
            />
          </p>
          {hasTrackers(brand.analytics) ? (
            // Changes the cookie choices at any time (LGPD): the banner opens with them.
            <button
              type="button"
              id={CONSENT_OPENER_ID}
              onClick={openConsentPreferences}
              className={styles.link}
              data-testid="consent-preferences"
            >
              <FormattedMessage id="footer.cookiePreferences" />
            </button>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

function FooterNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className={styles.column} aria-label={label}>
      <h2>{label}</h2>
      {children}
    </nav>
  );
}
