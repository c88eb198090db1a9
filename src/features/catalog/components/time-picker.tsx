import type { SystemStyleObject } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { ApresentacaoResumo } from '#schemas/contract.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { formatTime } from '#src/lib/dates.ts';
import { pickButtonStyles } from './date-picker-row';

/**
 * Each time's button (Chakra's Button in a column) and its parts, styled once for the list
 * rather than by a component each: the time, the session's title, the seats, the hidden commas.
 */
const TIME_BUTTON: SystemStyleObject = {
  flexDirection: 'column',
  h: 'auto',
  py: '2',
  gap: '0',
  '& [data-time-part=time]': { fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' },
  '& [data-time-part=title]': { fontSize: 'sm', fontWeight: 'semibold', whiteSpace: 'normal' },
  '& [data-time-part=seats]': { fontSize: 'xs', fontWeight: 'normal' },
  '& [data-time-part=comma]': { srOnly: true },
};

const TIME_BUTTONS = defineClassSet('time-buttons', (system) => ({
  ...pickButtonStyles(system, TIME_BUTTON),
  /** The list: Chakra's Wrap as it drew it (`gap="2"`, no bullets). */
  list: { display: 'flex', flexWrap: 'wrap', gap: '2', listStyleType: 'none' },
}));

/**
 * The sessions of the picked day, each with its time in the language's clock; a sold-out one is
 * shown but cannot be picked. Where the event's sessions have titles of their own (a match's
 * opponent), each shows its title.
 */
export function TimePicker({
  sessions,
  selected,
  onSelect,
  labelledBy,
  titled = false,
}: {
  sessions: ApresentacaoResumo[];
  selected: number | null;
  onSelect(idapresentacao: number): void;
  labelledBy: string;
  /** Show each session's title (dscapre): the event's sessions are not all alike. */
  titled?: boolean;
}) {
  const intl = useIntl();
  const classes = useClassSet(TIME_BUTTONS);
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari (VoiceOver) drops the list's semantics when its bullets are hidden; the role keeps them.
    <ul role="list" aria-labelledby={labelledBy} className={`chakra-wrap ${classes.list}`}>
      {sessions.map((s) => {
        const active = s.idapresentacao === selected;
        const soldOut = s.disponivel <= 0;
        return (
          <li key={s.idapresentacao}>
            <button
              type="button"
              className={`chakra-button ${active ? classes.picked : classes.unpicked}`}
              data-testid={`time-${s.dt_hora}`}
              aria-pressed={active}
              disabled={soldOut}
              onClick={() => onSelect(s.idapresentacao)}
            >
              <span data-time-part="time">{formatTime(s.dthr_apresentacao, intl.locale)}</span>
              {/* The name is what the button shows (WCAG 2.5.3): "16:00, Home FC x Visitors FC, 58 vagas". */}
              <span data-time-part="comma">, </span>
              {titled ? (
                <>
                  <span data-time-part="title">{s.dscapre}</span>
                  <span data-time-part="comma">, </span>
                </>
              ) : null}
              <span data-time-part="seats">
                {soldOut
                  ? intl.formatMessage({ id: 'product.soldOut' })
                  : intl.formatMessage({ id: 'product.available' }, { qtd: s.disponivel })}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
