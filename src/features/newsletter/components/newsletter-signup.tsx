import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { withAllTexts } from '#src/lib/locale.ts';
import { WithStyleSystem } from '#src/lib/style-system.tsx';

// The form (RJSF and its validator) is not part of the first view: it loads when the footer
// comes near the viewport, or when the visitor reaches the button first (keyboard, click).
const NewsletterForm = lazy(
  withAllTexts(() => import('./newsletter-form').then((m) => ({ default: m.NewsletterForm }))),
);

/**
 * The sign-up's parts as Chakra drew them (a Stack, a Heading at size sm, a Text, an outline
 * Button at size sm in the footer's colour): a class set, as the footer is on every page.
 */
const NEWSLETTER = defineClassSet('newsletter', (system) => ({
  section: { display: 'flex', flexDirection: 'column', gap: '2', maxW: 'sm', fontSize: 'sm' },
  heading: recipeLook(system, 'heading', { size: 'sm' }),
  intro: recipeLook(system, 'text', {}, { opacity: 0.9 }),
  open: recipeLook(
    system,
    'button',
    { size: 'sm', variant: 'outline' },
    { color: 'inherit', alignSelf: 'flex-start' },
  ),
}));

/** The footer's newsletter sign-up: a heading, a sentence and, once wanted, the form. */
export function NewsletterSignup() {
  const intl = useIntl();
  const ref = useRef<HTMLElement>(null);
  // null: not wanted yet; false: load it; true: load it and focus its first field.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const classes = useClassSet(NEWSLETTER);

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
    <button
      type="button"
      className={`chakra-button ${classes.open}`}
      onFocus={() => setWanted((w) => w ?? true)}
      onClick={() => setWanted(true)}
      data-testid="newsletter-open"
    >
      <FormattedMessage id="newsletter.submit" />
    </button>
  );

  return (
    <section
      ref={ref}
      className={`chakra-stack ${classes.section}`}
      aria-label={intl.formatMessage({ id: 'newsletter.title' })}
      data-testid="newsletter"
    >
      <h2 className={`chakra-heading ${classes.heading}`}>
        <FormattedMessage id="newsletter.title" />
      </h2>
      <p className={classes.intro}>
        <FormattedMessage id="newsletter.intro" />
      </p>
      {wanted === null ? (
        open
      ) : (
        <Suspense fallback={open}>
          <WithStyleSystem>
            <NewsletterForm autoFocus={wanted} />
          </WithStyleSystem>
        </Suspense>
      )}
    </section>
  );
}
