import type { SystemStyleObject } from '@chakra-ui/react';
import { lazy, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BrandConfig } from '#schemas/contract.ts';
import { Glyph } from '#src/components/icons.tsx';
import { LazyHost } from '#src/components/lazy-host.tsx';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { useBottomInsetVars } from '#src/lib/bottom-insets.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { CHAT_BUTTON_ID } from '#src/lib/frame-sizes.ts';
import { useCurrentLocale, withAllTexts } from '#src/lib/locale.ts';
import { matchAppPath } from '#src/lib/routes.ts';
import { openSupport, useSupportRequest } from '#src/lib/ui-stores.ts';

/** The panel: its own chunk, fetched on the first opening (or when the button is pointed at). */
const loadPanel = () => import('#src/features/support/components/support-panel.tsx');
const SupportPanel = lazy(
  withAllTexts(() => loadPanel().then((m) => ({ default: m.SupportPanel }))),
);

/**
 * The customer-service navigation target (spec §2 "Special navigation targets"): `?atendimento`
 * on any address opens the support panel, and leaves the address (a reload does not repeat it).
 */
export const SUPPORT_QUERY = 'atendimento';

function useSupportQuery(enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const params = new URLSearchParams(location.search);
    if (!params.has(SUPPORT_QUERY)) return;
    params.delete(SUPPORT_QUERY);
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
    openSupport(null);
  }, [enabled, location.search, location.pathname, location.hash, navigate]);
}

/**
 * The chat-help button: Chakra's Button at size lg, round, fixed at the bottom corner above the
 * cookie banner and an event page's sticky bar (their heights: `useBottomInsetVars`), never
 * printed; hidden while the panel is open (under the panel's backdrop it would float over the
 * panel). Its icon, and its word beside the icon on wider screens.
 */
function chatButton(hidden: boolean): SystemStyleObject {
  return {
    position: 'fixed',
    zIndex: 'banner',
    insetEnd: { base: '3', md: '5' },
    bottom: 'calc(var(--sticky-bottom, 0px) + var(--consent-height, 0px) + 0.75rem)',
    ...(hidden ? { visibility: 'hidden' } : {}),
    // On a phone the cookie banner asks first: the button would float over the page above it.
    '@media (max-width: 47.99em)': { [`body:has([${CONSENT_UP}]) &`]: { display: 'none' } },
    borderRadius: 'full',
    minW: '12',
    h: '12',
    px: { base: '0', md: '4' },
    shadow: 'lg',
  };
}
const NOT_PRINTED = { '@media print': { display: 'none' } };
/** The attribute the cookie banner's region carries while it is up (consent-banner.tsx). */
const CONSENT_UP = 'data-consent-banner';
const CHAT = defineClassSet('chat-help', (system) => ({
  button: [...recipeLook(system, 'button', { size: 'lg' }, NOT_PRINTED), chatButton(false)],
  hidden: [...recipeLook(system, 'button', { size: 'lg' }, NOT_PRINTED), chatButton(true)],
  icon: recipeLook(system, 'icon', {}, { boxSize: '5' }),
  word: { display: { base: 'none', md: 'inline' } },
}));

/**
 * The support panel's host: the fixed chat-help button (when the brand offers it, brand.json
 * `support.chat`), above the cookie banner and an event page's sticky bar, and the panel
 * itself, downloaded the first time it is asked for (the button, the footer's link or
 * `?atendimento`) and kept afterwards, so its flow (the FAQ loaded, a chat started) lasts the
 * visit. A new language is a new panel (the FAQ is per language).
 */
export function SupportHost({
  brand,
  handlesQuery,
}: {
  brand: BrandConfig;
  handlesQuery: boolean;
}) {
  const intl = useIntl();
  // Above the event page's sticky bar and the cookie banner (its `bottom` reads their heights).
  const insetVars = useBottomInsetVars<HTMLButtonElement>();
  const locale = useCurrentLocale();
  const { open } = useSupportRequest();
  useSupportQuery(handlesQuery);
  const classes = useClassSet(CHAT);
  const { pathname } = useLocation();
  // The gate's page is the staff's: no shopper's help floating over a ticket's verdict.
  const atGate = matchAppPath(pathname, { multiLanguage: brand.multiLanguage })?.name === 'Checkin';
  return (
    <>
      {brand.support.chat && !atGate ? (
        <button
          type="button"
          id={CHAT_BUTTON_ID}
          ref={insetVars}
          className={`chakra-button ${open ? classes.hidden : classes.button}`}
          data-testid="chat-help"
          aria-label={intl.formatMessage({ id: 'support.button' })}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(e) => openSupport(e.currentTarget)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
        >
          <Glyph name="chat" className={`chakra-icon ${classes.icon}`} />
          {/* The word beside the icon on wider screens; the accessible name starts with it. */}
          <span className={classes.word}>{intl.formatMessage({ id: 'support.buttonShort' })}</span>
        </button>
      ) : null}
      <LazyHost on={open}>
        <SupportPanel key={locale} brand={brand} chatButtonId={CHAT_BUTTON_ID} />
      </LazyHost>
    </>
  );
}
