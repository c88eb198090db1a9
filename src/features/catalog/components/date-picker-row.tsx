import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { type KeyboardEvent, useRef } from 'react';
import { useIntl } from 'react-intl';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import type { ClassStyles } from '#src/lib/class-set-resolve.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { dateButtonParts, formatLongDate } from '#src/lib/dates.ts';

/** The index a key moves to in a row of `count` (radio group keys), or null for other keys. */
export function nextIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The parts of each day's button, styled once by the row: an event page shows every day with
 * sessions (51 in the demo), and four style components inside each of them were ~200 of the
 * page's ~370 styled elements, each resolving its styles as the page hydrates.
 */
const DAY_PARTS: SystemStyleObject = {
  '& [data-day-part=weekday], & [data-day-part=month]': {
    fontSize: 'xs',
    textTransform: 'uppercase',
  },
  '& [data-day-part=day]': { fontSize: 'xl', fontWeight: 'bold', lineHeight: '1.1' },
  '& [data-day-part=full]': { srOnly: true },
};

/** Each day's button: Chakra's Button in a column, as high as its parts. */
const DAY_BUTTON: SystemStyleObject = {
  flexDirection: 'column',
  h: 'auto',
  minW: '16',
  py: '2',
  gap: '0',
};

/**
 * The looks of a picked and an unpicked choice: Chakra's Button (solid, outline) and the
 * button's own styles, one class each for a whole list (an event page shows every day with
 * sessions: 51 in the demo) instead of a Button each. The times of a day use it too.
 */
export function pickButtonStyles(
  system: SystemContext,
  own: SystemStyleObject,
): ClassStyles<'picked' | 'unpicked'> {
  return {
    picked: recipeLook(system, 'button', { variant: 'solid' }, own),
    unpicked: recipeLook(system, 'button', { variant: 'outline' }, own),
  };
}

/** The row's scroller and its list, as Chakra's Box and HStack drew them, and the day buttons. */
const DAY_BUTTONS = defineClassSet('day-buttons', (system) => ({
  ...pickButtonStyles(system, DAY_BUTTON),
  scroller: { overflowX: 'auto', pb: '2', mx: { base: '-4', md: '0' }, px: { base: '4', md: '0' } },
  // The HStack's `css` (the day's parts) came before its style props, as Chakra merges them.
  row: [
    DAY_PARTS,
    { display: 'flex', alignItems: 'center', flexDirection: 'row', gap: '2', minW: 'max-content' },
  ],
}));

/**
 * A scrollable row of the days with sessions; one is picked. A radio group: one Tab stop (the
 * picked day, else the first), arrow keys, Home and End move and pick (WAI-ARIA APG), so 51
 * days are not 51 Tab stops.
 */
export function DatePickerRow({
  dates,
  selected,
  onSelect,
  labelledBy,
}: {
  dates: string[];
  selected: string | null;
  onSelect(dia: string): void;
  labelledBy: string;
}) {
  const intl = useIntl();
  const list = useRef<HTMLDivElement>(null);
  const current = selected ? dates.indexOf(selected) : -1;
  const tabStop = current >= 0 ? current : 0;
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const to = nextIndex(e.key, current >= 0 ? current : 0, dates.length);
    const dia = to === null ? undefined : dates[to];
    if (to === null || dia === undefined) return;
    e.preventDefault();
    onSelect(dia);
    const button = list.current?.querySelectorAll<HTMLButtonElement>('[role=radio]')[to];
    button?.focus();
    button?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
  const classes = useClassSet(DAY_BUTTONS);
  return (
    <div className={classes.scroller}>
      <div
        ref={list}
        className={`chakra-stack ${classes.row}`}
        role="radiogroup"
        aria-labelledby={labelledBy}
        onKeyDown={onKeyDown}
      >
        {dates.map((dia, index) => {
          const parts = dateButtonParts(dia, intl.locale);
          const active = dia === selected;
          return (
            // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA APG's radio group of buttons, as before (one tab stop, arrow keys: onKeyDown above).
            <button
              key={dia}
              type="button"
              className={`chakra-button ${active ? classes.picked : classes.unpicked}`}
              data-testid={`date-${dia}`}
              role="radio"
              aria-checked={active}
              tabIndex={index === tabStop ? 0 : -1}
              onClick={() => onSelect(dia)}
            >
              <span data-day-part="weekday">{parts.weekday}</span>
              <span data-day-part="day">{parts.day}</span>
              <span data-day-part="month">{parts.month}</span>
              {/* The name is what the button shows (WCAG 2.5.3), then the date in full. */}
              <span data-day-part="full">, {formatLongDate(dia, intl.locale)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
