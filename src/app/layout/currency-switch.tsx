import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BrandConfig } from '#schemas/contract.ts';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { useCurrencyCode } from '#src/lib/currency.ts';
import { withAllTexts } from '#src/lib/locale.ts';
import { WithStyleSystem } from '#src/lib/style-system.tsx';

// The modal is its own chunk: it loads when the visitor opens it.
const CurrencyModal = lazy(
  withAllTexts(() => import('./currency-modal').then((m) => ({ default: m.CurrencyModal }))),
);

/** The button: Chakra's ghost Button at size xs, its code bold and spaced. */
const CURRENCY = defineClassSet('currency-button', (system) => ({
  button: recipeLook(
    system,
    'button',
    { size: 'xs', variant: 'ghost' },
    { fontWeight: 'bold', letterSpacing: 'wide', color: 'fg.muted' },
  ),
}));

/**
 * The header's currency choice (spec §3 "currency modal"): the chosen code on a small button that
 * opens the modal. Shown only when the brand sets exchange rates (rates.json).
 */
export function CurrencySwitch({ brand }: { brand: BrandConfig }) {
  const intl = useIntl();
  const code = useCurrencyCode();
  const [open, setOpen] = useState(false);
  const classes = useClassSet(CURRENCY);
  if (!brand.cotacao || brand.cotacao.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className={`chakra-button ${classes.button}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={intl.formatMessage({ id: 'currency.button' }, { moeda: code })}
        data-testid="currency-open"
      >
        {code}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <WithStyleSystem>
            <CurrencyModal brand={brand} onClose={() => setOpen(false)} />
          </WithStyleSystem>
        </Suspense>
      ) : null}
    </>
  );
}
