import type { SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { type BrandConfig, type ContentSection, FAQ_SLUGS } from '#schemas/contract.ts';
import { hasTrackers } from '#schemas/trackers.ts';
import { Glyph } from '#src/components/icons.tsx';
import { focusRing, GLYPH_4, LINK_BASE } from '#src/components/plain-part-styles.ts';
import { useConteudos } from '#src/features/content/hooks/use-content.ts';
import { NewsletterSignup } from '#src/features/newsletter/components/newsletter-signup.tsx';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { telHref, whatsappHref } from '#src/lib/support-links.ts';
import { CONSENT_OPENER_ID, openConsentPreferences } from '#src/lib/tracking/consent.ts';
import { openSupport } from '#src/lib/ui-stores.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';

/**
 * The footer's parts, styled once by the footer (`data-footer`, `data-link`, `data-glyph`): it is
 * on every page, and as Chakra components its ~45 parts each resolved their styles as the page
 * hydrated (a third of the home page's styled elements). The look is Chakra's (Container, Stack,
 * Heading, Link, Icon) as the footer used them; the newsletter's form keeps its components.
 */
const FOOTER_CSS: SystemStyleObject = {
  '& [data-footer=inner]': {
    position: 'relative',
    width: '100%',
    maxW: '5xl',
    mx: 'auto',
    px: { base: '4', md: '6' },
    py: '8',
  },
  '& [data-footer=columns]': {
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    gap: '8',
    justifyContent: 'space-between',
  },
  '& [data-footer=about]': { display: 'flex', flexDirection: 'column', gap: '3', maxW: 'sm' },
  '& [data-footer=logo]': { h: '10', w: 'auto', alignSelf: 'flex-start', objectFit: 'cover' },
  '& [data-footer=description]': { fontSize: 'sm', opacity: 0.9 },
  '& [data-footer=column]': { display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' },
  '& [data-footer=column] > h2': {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: 'sm',
    lineHeight: '1.25rem',
  },
  '& [data-footer=contact]': { display: 'flex', alignItems: 'center', gap: '2' },
  '& [data-footer=contact][data-align=start]': { alignItems: 'start' },
  '& [data-glyph]': GLYPH_4,
  '& [data-align=start] [data-glyph]': { mt: '0.5' },
  '& [data-link]': {
    ...LINK_BASE,
    color: 'inherit',
    borderRadius: 'l1',
    _hover: {
      textDecoration: 'underline',
      textUnderlineOffset: '3px',
      textDecorationColor: 'currentColor/20',
    },
    // In the footer's own colour: the brand's focus colour is its background here.
    ...focusRing('currentColor'),
  },
  '& button[data-link]': { minH: '6' },
  '& [data-footer=column] > button[data-link]': { alignSelf: 'flex-start' },
  '& [data-footer=newsletter]': { mt: '8' },
  '& [data-footer=bottom]': {
    mt: '8',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4',
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  '& [data-footer=copyright]': { fontSize: 'xs', opacity: 0.85 },
  '& [data-footer=bottom] [data-link]': { fontSize: 'sm' },
};

/** The footer itself (a class set: the server resolves it, the page hydrates with its class). */
const FOOTER = defineClassSet('footer', {
  root: [FOOTER_CSS, { bg: 'brand.solid', color: 'brand.contrast', mt: '10' }],
});

/** Support contacts (spec §1) and the policy pages. */
export function Footer({ brand }: { brand: BrandConfig }) {
  const intl = useIntl();
  const locale = useCurrentLocale();
  const to = usePathFor();
  const { support } = brand;
  const content = useConteudos();
  const classes = useClassSet(FOOTER);
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
        <RouterLink key={c.id} to={to(route, { pagina: c.slugs?.[locale] ?? c.id })} data-link="">
          {c.titulo}
        </RouterLink>
      ));
  return (
    <footer className={classes.root}>
      <div data-footer="inner">
        <div data-footer="columns">
          <div data-footer="about">
            <img src={brand.logos.footer} alt={brand.logos.alt[locale]} data-footer="logo" />
            <p data-footer="description">{brand.description[locale]}</p>
          </div>
          <section data-footer="column" aria-label={intl.formatMessage({ id: 'footer.support' })}>
            <h2>
              <FormattedMessage id="footer.support" />
            </h2>
            {support.email ? (
              <div data-footer="contact">
                <Glyph name="mail" />
                <a href={`mailto:${support.email}`} data-link="" data-testid="support-email">
                  {support.email}
                </a>
              </div>
            ) : null}
            {support.phone ? (
              <div data-footer="contact">
                <Glyph name="phone" />
                <a href={telHref(support.phone)} data-link="">
                  {support.phone}
                </a>
              </div>
            ) : null}
            {support.whatsapp ? (
              <div data-footer="contact">
                <Glyph name="chat" />
                <a
                  href={whatsappHref(support.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-link=""
                >
                  <FormattedMessage id="footer.whatsapp" values={{ phone: support.whatsapp }} />
                </a>
              </div>
            ) : null}
            {support.hours[locale] ? (
              <div data-footer="contact" data-align="start">
                <Glyph name="clock" />
                <p>{support.hours[locale]}</p>
              </div>
            ) : null}
            {/* The customer-service target (spec §2): the support panel. */}
            <button
              type="button"
              onClick={(e) => openSupport(e.currentTarget)}
              aria-haspopup="dialog"
              data-link=""
              data-testid="footer-support-open"
            >
              <FormattedMessage id="footer.openSupport" />
            </button>
          </section>
          <FooterNav label={intl.formatMessage({ id: 'page.information.title' })}>
            {pageLinks('informacoes', 'Informacoes')}
            <RouterLink to={to('Informacoes', { pagina: FAQ_SLUGS[locale] })} data-link="">
              <FormattedMessage id="footer.faq" />
            </RouterLink>
            {brand.vouchers === false ? null : (
              <RouterLink to={to('Voucher')} data-link="" data-testid="footer-voucher">
                <FormattedMessage id="footer.voucher" />
              </RouterLink>
            )}
            <RouterLink to={to('Contato')} data-link="" data-testid="footer-contact">
              <FormattedMessage id="footer.contact" />
            </RouterLink>
          </FooterNav>
          <FooterNav label={intl.formatMessage({ id: 'page.policies.title' })}>
            {pageLinks('politicas', 'Politicas')}
          </FooterNav>
        </div>
        <div data-footer="newsletter">
          <NewsletterSignup />
        </div>
        <div data-footer="bottom">
          <p data-footer="copyright">
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
              data-link=""
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
    <nav data-footer="column" aria-label={label}>
      <h2>{label}</h2>
      {children}
    </nav>
  );
}
