import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { useBottomInset, useBottomInsetVars } from '#src/lib/bottom-insets.ts';
import { useClassSet } from '#src/lib/class-sets.tsx';
import {
  CONSENT_OPENER_ID,
  type ConsentChoice,
  closeConsentPreferences,
  saveConsent,
  useConsent,
  useConsentPreferencesOpen,
} from '#src/lib/tracking/consent.ts';
import { CONSENT } from './consent-banner-looks';

/**
 * The cookie banner (LGPD): necessary cookies always; analytics and marketing only if the
 * visitor allows them. The first layer offers "accept all", "necessary only" (as easy as
 * accepting) and "customize" (the three categories, each explained); opened from the footer it
 * shows the categories with the current choice.
 *
 * It blocks nothing: a region (landmark) fixed at the bottom, above the event page's sticky
 * total bar, that takes no focus when it appears (it comes first after the skip link, so the
 * keyboard and screen readers meet it at once). While it is up the page ends lower by its height
 * (src/lib/bottom-insets.ts), so nothing is left under it; being fixed, it moves
 * nothing on the page (no layout shift).
 */
export function ConsentBanner({ policyPath }: { policyPath: string | null }) {
  const titleId = useId();
  const textId = useId();
  const current = useConsent();
  const editing = useConsentPreferencesOpen();
  const [details, setDetails] = useState(editing);
  const [choice, setChoice] = useState<ConsentChoice>({
    analytics: current?.analytics ?? false,
    marketing: current?.marketing ?? false,
  });
  const region = useRef<HTMLElement | null>(null);
  // Its height: the page's bottom padding and scroll padding while the banner is up, and the
  // chat-help button above it (src/lib/bottom-insets.ts). It sits on the sticky bar's height.
  const publishHeight = useBottomInset<HTMLElement>('consent');
  const insetVars = useBottomInsetVars<HTMLElement>();
  const regionRef = useCallback(
    (el: HTMLElement | null) => {
      region.current = el;
      const unpublish = publishHeight(el);
      const unset = insetVars(el);
      return () => {
        if (typeof unpublish === 'function') unpublish();
        if (typeof unset === 'function') unset();
      };
    },
    [publishHeight, insetVars],
  );
  const firstBox = useRef<HTMLInputElement>(null);
  const classes = useClassSet(CONSENT);

  // Opened from the footer, or "customize" pressed: the categories show and focus moves to the
  // first one (the button pressed is gone).
  const [focusCategories, setFocusCategories] = useState(editing);
  useEffect(() => {
    if (!editing) return;
    setDetails(true);
    setFocusCategories(true);
  }, [editing]);
  useEffect(() => {
    if (!details || !focusCategories) return;
    firstBox.current?.focus();
    setFocusCategories(false);
  }, [details, focusCategories]);

  /** Where focus goes once the banner is gone: back to the footer's button, else the page. */
  function leave() {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    closeConsentPreferences();
    if (!hadFocus) return;
    const target = editing
      ? document.getElementById(CONSENT_OPENER_ID)
      : document.getElementById('main-content');
    target?.focus({ preventScroll: true });
  }

  function decide(next: ConsentChoice) {
    saveConsent(next);
    leave();
  }

  function onKeyDown(e: KeyboardEvent) {
    // Escape keeps the choice already made (there is one when the footer opened it).
    if (e.key === 'Escape' && editing) {
      e.stopPropagation();
      leave();
    }
  }

  return (
    <section
      ref={regionRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="consent-banner"
      // While it is up, a phone's chat-help button steps aside (support-host.tsx).
      data-consent-banner=""
      onKeyDown={onKeyDown}
      className={classes.region}
    >
      <div className={`chakra-stack ${classes.stack}`}>
        <div className={classes.top}>
          <p id={titleId} className={classes.title}>
            <FormattedMessage id="consent.title" />
          </p>
          {details ? null : (
            // Secondary to the two answers below, which are as easy as each other.
            <button
              type="button"
              onClick={() => {
                setDetails(true);
                setFocusCategories(true);
              }}
              data-testid="consent-customize"
              className={`chakra-button ${classes.customize}`}
            >
              <FormattedMessage id="consent.customize" />
            </button>
          )}
        </div>
        <p id={textId} className={classes.text}>
          <FormattedMessage id="consent.text" />
          {policyPath ? (
            <>
              {' '}
              <RouterLink
                to={policyPath}
                data-testid="consent-policy"
                className={`chakra-link ${classes.policy}`}
              >
                <FormattedMessage id="consent.moreAbout" />
              </RouterLink>
            </>
          ) : null}
        </p>
        {details ? (
          <div className={`chakra-stack ${classes.stack}`} data-testid="consent-details">
            <Category
              label={<FormattedMessage id="consent.necessary" />}
              help={<FormattedMessage id="consent.necessaryHelp" />}
              checked
              disabled
            />
            <Category
              inputRef={firstBox}
              label={<FormattedMessage id="consent.analytics" />}
              help={<FormattedMessage id="consent.analyticsHelp" />}
              checked={choice.analytics}
              onChange={(analytics) => setChoice((c) => ({ ...c, analytics }))}
              testId="consent-analytics"
            />
            <Category
              label={<FormattedMessage id="consent.marketing" />}
              help={<FormattedMessage id="consent.marketingHelp" />}
              checked={choice.marketing}
              onChange={(marketing) => setChoice((c) => ({ ...c, marketing }))}
              testId="consent-marketing"
            />
          </div>
        ) : null}
        <div className={classes.actions}>
          {details ? (
            <>
              <button
                type="button"
                onClick={() => decide(choice)}
                data-testid="consent-save"
                className={`chakra-button ${classes.save}`}
              >
                <FormattedMessage id="consent.save" />
              </button>
              {editing ? (
                <button type="button" className={`chakra-button ${classes.keep}`} onClick={leave}>
                  <FormattedMessage id="consent.keep" />
                </button>
              ) : null}
            </>
          ) : (
            <>
              <button
                type="button"
                onClick={() => decide({ analytics: true, marketing: true })}
                data-testid="consent-accept-all"
                className={`chakra-button ${classes.accept}`}
              >
                <FormattedMessage id="consent.acceptAll" />
              </button>
              <button
                type="button"
                onClick={() => decide({ analytics: false, marketing: false })}
                data-testid="consent-necessary-only"
                className={`chakra-button ${classes.necessary}`}
              >
                <FormattedMessage id="consent.necessaryOnly" />
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function Category({
  label,
  help,
  checked,
  disabled,
  onChange,
  inputRef,
  testId,
}: {
  label: ReactNode;
  help: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange?(checked: boolean): void;
  inputRef?: React.Ref<HTMLInputElement>;
  testId?: string;
}) {
  const helpId = useId();
  const classes = useClassSet(CONSENT);
  return (
    <label data-testid={testId} className={classes.category}>
      <input
        ref={inputRef}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange?.(e.currentTarget.checked)}
        aria-describedby={helpId}
        className={classes.box}
      />
      <div>
        <span className={classes.label}>{label}</span>
        <span id={helpId} className={classes.help}>
          {help}
        </span>
      </div>
    </label>
  );
}
