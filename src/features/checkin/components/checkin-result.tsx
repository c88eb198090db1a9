import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { CheckinOutcome, CheckinVerdict } from '#machines/checkin.types.ts';
import type { CheckinSessao } from '#schemas/rest/checkin.ts';
import { formatDateTime, formatTime } from '#src/lib/dates.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';

type Tone = 'go' | 'stop' | 'warn';

const TONE: Record<CheckinVerdict, Tone> = {
  valido: 'go',
  ja_usado: 'stop',
  cancelado: 'stop',
  revogado: 'stop',
  invalido: 'stop',
  outra_sessao: 'warn',
  nao_verificavel: 'warn',
};

/** Colours with AA contrast for large text, and a symbol: never colour alone. */
const LOOK: Record<Tone, { bg: string; color: string; symbol: string }> = {
  go: { bg: 'green.700', color: 'white', symbol: '✓' },
  stop: { bg: 'red.700', color: 'white', symbol: '✕' },
  warn: { bg: 'yellow.300', color: 'gray.900', symbol: '!' },
};

function Details({ outcome, sessions }: { outcome: CheckinOutcome; sessions: CheckinSessao[] }) {
  const locale = useCurrentLocale();
  switch (outcome.resultado) {
    case 'ja_usado':
      return outcome.usado_em ? (
        <FormattedMessage
          id="checkin.verdict.usedAt"
          values={{
            hora: formatTime(outcome.usado_em, locale),
            portao: outcome.usado_portao || '—',
          }}
        />
      ) : (
        <FormattedMessage id="checkin.verdict.usedBefore" />
      );
    case 'outra_sessao': {
      const dthr =
        outcome.ingresso?.sessao ??
        sessions.find((s) => s.idapresentacao === outcome.idapresentacao)?.dthr;
      return dthr ? (
        <FormattedMessage
          id="checkin.verdict.otherSessionAt"
          values={{ sessao: formatDateTime(dthr, locale) }}
        />
      ) : null;
    }
    case 'nao_verificavel':
      return <FormattedMessage id={`checkin.unverifiable.${outcome.motivo ?? 'semLista'}`} />;
    case 'revogado':
      return <FormattedMessage id="checkin.verdict.revokedHelp" />;
    default:
      return null;
  }
}

/**
 * The answer about one code, large, in colour and words. Two live regions stay in the page so
 * every new answer is announced: a refusal as an alert, an entry as a status.
 */
export function CheckinResult({
  outcome,
  sessions,
  onNext,
}: {
  outcome: CheckinOutcome | null;
  sessions: CheckinSessao[];
  onNext: () => void;
}) {
  const tone = outcome ? TONE[outcome.resultado] : null;
  const card = outcome && tone && (
    <Box
      bg={LOOK[tone].bg}
      color={LOOK[tone].color}
      borderRadius="xl"
      p={{ base: '5', md: '6' }}
      data-testid="checkin-result"
      data-resultado={outcome.resultado}
      data-offline={outcome.offline ? 'true' : 'false'}
    >
      <Stack gap="2">
        <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" lineHeight="short">
          <span aria-hidden="true">{LOOK[tone].symbol} </span>
          <FormattedMessage id={`checkin.verdict.${outcome.resultado}`} />
        </Text>
        <Text fontSize="xl" fontWeight="semibold">
          <Details outcome={outcome} sessions={sessions} />
        </Text>
        {outcome.ingresso ? (
          <Text fontSize="md">
            {[outcome.ingresso.produto, outcome.ingresso.evento, outcome.ingresso.portador]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        {outcome.offline ? (
          <Text fontSize="md" data-testid="checkin-result-offline">
            <FormattedMessage
              id={
                outcome.resultado === 'valido'
                  ? 'checkin.verdict.offlineKept'
                  : 'checkin.verdict.offline'
              }
            />
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
  return (
    <Stack gap="3">
      <div role="alert" aria-atomic="true">
        {tone && tone !== 'go' ? card : null}
      </div>
      <div role="status" aria-atomic="true">
        {tone === 'go' ? card : null}
      </div>
      {outcome ? (
        <Button variant="outline" size="lg" onClick={onNext} data-testid="checkin-next">
          <FormattedMessage id="checkin.next" />
        </Button>
      ) : null}
    </Stack>
  );
}
