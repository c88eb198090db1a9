import { Button, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { ApresentacaoResumo } from '../../../../schemas/contract';
import { formatTime } from '../../../lib/dates';

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
  return (
    <Wrap as="ul" role="list" aria-labelledby={labelledBy} gap="2" listStyleType="none">
      {sessions.map((s) => {
        const active = s.idapresentacao === selected;
        const soldOut = s.disponivel <= 0;
        return (
          <li key={s.idapresentacao}>
            <Button
              data-testid={`time-${s.dt_hora}`}
              aria-pressed={active}
              variant={active ? 'solid' : 'outline'}
              disabled={soldOut}
              onClick={() => onSelect(s.idapresentacao)}
              flexDirection="column"
              h="auto"
              py="2"
              gap="0"
            >
              <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums">
                {formatTime(s.dthr_apresentacao, intl.locale)}
              </Text>
              {/* The name is what the button shows (WCAG 2.5.3): "16:00, Home FC x Visitors FC, 58 vagas". */}
              <VisuallyHidden>, </VisuallyHidden>
              {titled ? (
                <>
                  <Text as="span" fontSize="sm" fontWeight="semibold" whiteSpace="normal">
                    {s.dscapre}
                  </Text>
                  <VisuallyHidden>, </VisuallyHidden>
                </>
              ) : null}
              <Text as="span" fontSize="xs" fontWeight="normal">
                {soldOut
                  ? intl.formatMessage({ id: 'product.soldOut' })
                  : intl.formatMessage({ id: 'product.available' }, { qtd: s.disponivel })}
              </Text>
            </Button>
          </li>
        );
      })}
    </Wrap>
  );
}
