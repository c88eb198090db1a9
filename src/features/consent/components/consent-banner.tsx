import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
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
import { AppLink } from '../../../components/app-link';
import { useBottomInset, useBottomInsetVars } from '../../../lib/bottom-insets';
import {
  CONSENT_OPENER_ID,
  type ConsentChoice,
  closeConsentPreferences,
  saveConsent,
  useConsent,
  useConsentPreferencesOpen,
} from '../../../lib/tracking/consent';

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
    <Box
      as="section"
      ref={regionRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="consent-banner"
      onKeyDown={onKeyDown}
      position="fixed"
      zIndex="banner"
      bottom={{ base: 'var(--sticky-bottom, 0px)', md: 'calc(var(--sticky-bottom, 0px) + 1rem)' }}
      left={{ base: '0', md: '4' }}
      right={{ base: '0', md: 'auto' }}
      maxW={{ md: 'md' }}
      maxH="80dvh"
      overflowY="auto"
      bg="bg"
      borderTopWidth="1px"
      borderWidth={{ md: '1px' }}
      borderRadius={{ md: 'xl' }}
      shadow="lg"
      px="4"
      py="3"
    >
      <Stack gap="2">
        <Flex justify="space-between" align="center" gap="2" minH="8">
          <Text id={titleId} fontWeight="semibold">
            <FormattedMessage id="consent.title" />
          </Text>
          {details ? null : (
            // Secondary to the two answers below, which are as easy as each other.
            <Button
              size="sm"
              px="2"
              me="-2"
              variant="plain"
              textDecoration="underline"
              onClick={() => {
                setDetails(true);
                setFocusCategories(true);
              }}
              data-testid="consent-customize"
            >
              <FormattedMessage id="consent.customize" />
            </Button>
          )}
        </Flex>
        <Text id={textId} fontSize="sm">
          <FormattedMessage id="consent.text" />
          {policyPath ? (
            <>
              {' '}
              <AppLink to={policyPath} fontWeight="medium" data-testid="consent-policy">
                <FormattedMessage id="consent.moreAbout" />
              </AppLink>
            </>
          ) : null}
        </Text>
        {details ? (
          <Stack gap="2" data-testid="consent-details">
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
          </Stack>
        ) : null}
        <Flex gap="2" wrap="wrap" align="center">
          {details ? (
            <>
              <Button size="sm" onClick={() => decide(choice)} data-testid="consent-save">
                <FormattedMessage id="consent.save" />
              </Button>
              {editing ? (
                <Button size="sm" variant="ghost" onClick={leave}>
                  <FormattedMessage id="consent.keep" />
                </Button>
              ) : null}
            </>
          ) : (
            <>
              <Button
                size="sm"
                px="3"
                onClick={() => decide({ analytics: true, marketing: true })}
                data-testid="consent-accept-all"
              >
                <FormattedMessage id="consent.acceptAll" />
              </Button>
              <Button
                size="sm"
                px="3"
                variant="outline"
                onClick={() => decide({ analytics: false, marketing: false })}
                data-testid="consent-necessary-only"
              >
                <FormattedMessage id="consent.necessaryOnly" />
              </Button>
            </>
          )}
        </Flex>
      </Stack>
    </Box>
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
  return (
    <Box as="label" display="flex" gap="2" alignItems="start" fontSize="sm" data-testid={testId}>
      <chakra.input
        ref={inputRef}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange?.(e.currentTarget.checked)}
        aria-describedby={helpId}
        boxSize="5"
        mt="0.5"
        flexShrink={0}
        accentColor="brand.solid"
      />
      <Box>
        <Text as="span" fontWeight="medium" display="block">
          {label}
        </Text>
        <Text as="span" id={helpId} color="fg.muted" display="block">
          {help}
        </Text>
      </Box>
    </Box>
  );
}
