import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { withAllTexts } from '../../../lib/locale';

// The form (RJSF and its validator) is not part of the first view: it loads when the footer
// comes near the viewport, or when the visitor reaches the button first (keyboard, click).
const NewsletterForm = lazy(
  withAllTexts(() => import('./newsletter-form').then((m) => ({ default: m.NewsletterForm }))),
);

/** The footer's newsletter sign-up: a heading, a sentence and, once wanted, the form. */
export function NewsletterSignup() {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  // null: not wanted yet; false: load it; true: load it and focus its first field.
  const [wanted, setWanted] = useState<boolean | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (wanted !== null || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(false);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setWanted((w) => w ?? false);
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [wanted]);

  const open = (
    <Button
      size="sm"
      variant="outline"
      color="inherit"
      alignSelf="flex-start"
      onFocus={() => setWanted((w) => w ?? true)}
      onClick={() => setWanted(true)}
      data-testid="newsletter-open"
    >
      <FormattedMessage id="newsletter.submit" />
    </Button>
  );

  return (
    <Stack
      ref={ref}
      as="section"
      gap="2"
      maxW="sm"
      fontSize="sm"
      aria-label={intl.formatMessage({ id: 'newsletter.title' })}
      data-testid="newsletter"
    >
      <Heading as="h2" size="sm">
        <FormattedMessage id="newsletter.title" />
      </Heading>
      <Text opacity={0.9}>
        <FormattedMessage id="newsletter.intro" />
      </Text>
      {wanted === null ? (
        open
      ) : (
        <Suspense fallback={open}>
          <NewsletterForm autoFocus={wanted} />
        </Suspense>
      )}
    </Stack>
  );
}
