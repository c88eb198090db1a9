import { Button, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { ApresentacaoResumo } from '../../../../schemas/contract';

/** The sessions of the picked day; a sold-out one is shown but cannot be picked. */
export function TimePicker({
  sessions,
  selected,
  onSelect,
  labelledBy,
}: {
  sessions: ApresentacaoResumo[];
  selected: number | null;
  onSelect(idapresentacao: number): void;
  labelledBy: string;
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
                {s.dt_hora}
              </Text>
              {/* The name is what the button shows (WCAG 2.5.3): "10:00, 58 vagas". */}
              <VisuallyHidden>, </VisuallyHidden>
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
