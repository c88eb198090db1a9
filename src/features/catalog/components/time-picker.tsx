import { Button, Text, Wrap } from '@chakra-ui/react';
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
              aria-label={
                soldOut
                  ? intl.formatMessage({ id: 'product.timeSoldOut' }, { hora: s.dt_hora })
                  : intl.formatMessage(
                      { id: 'product.timeLabel' },
                      { hora: s.dt_hora, qtd: s.disponivel },
                    )
              }
            >
              <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums">
                {s.dt_hora}
              </Text>
              <Text as="span" fontSize="xs" fontWeight="normal" aria-hidden="true">
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
