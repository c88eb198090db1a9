import { Box, Button, Flex, HStack, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AgendamentoHorario } from '#schemas/contract.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { formatDateTime, formatLongDate, formatTime } from '#src/lib/dates.ts';
import { type TrailBookingHandle, useTrailBooking } from '../hooks/use-trail-booking';

/** "quarta-feira, 3 de dezembro de 2025, 08:30" in the reader's language. */
function slotText(slot: AgendamentoHorario, locale: string): string {
  return `${formatLongDate(slot.dia, locale)}, ${formatTime(`${slot.dia} ${slot.hora}`, locale)}`;
}

/**
 * The slot of a paid ticket that needs one (a guided trail, a stadium tour), in My orders: the
 * booking as the server has it (ConsultaRioBoi), and the picker that books or moves it: a day
 * with free places, then a time, then the booking (machines/trail-booking.machine.ts). Loaded
 * in its own chunk, only for orders that have such a ticket.
 */
export default function TrailBooking({ iditem }: { iditem: number }) {
  const intl = useIntl();
  const trail = useTrailBooking(iditem);
  const { booking } = trail;
  const outcomeRef = useRef<HTMLDivElement>(null);
  // A booking made: the focus moves to what happened (the picker that had it is gone).
  useEffect(() => {
    if (trail.justBooked) outcomeRef.current?.focus();
  }, [trail.justBooked]);

  if (trail.loading) {
    return (
      <HStack mt="2" gap="2" color="fg.muted" fontSize="sm" data-testid="trail-loading">
        <Spinner size="xs" />
        <FormattedMessage id="common.loading" />
      </HStack>
    );
  }
  if (trail.failedStep === 'load') {
    return (
      <Box mt="2">
        <ErrorAlert
          message={<FormattedMessage id="trail.loadFailed" />}
          onRetry={() => trail.actor.send({ type: 'trail.retry' })}
          testId="trail-load-error"
        />
      </Box>
    );
  }
  if (!booking) return null;
  const slot = booking.agendamento;
  return (
    <Box
      mt="2"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.panel"
      data-testid="trail-booking"
      data-iditem={iditem}
    >
      <Text fontWeight="semibold" fontSize="sm">
        {booking.atividade}
      </Text>
      {slot ? (
        <Text fontSize="sm" data-testid="trail-booked">
          <FormattedMessage id="trail.booked" values={{ quando: slotText(slot, intl.locale) }} />
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="trail.toBook" />
        </Text>
      )}
      {booking.local ? (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="trail.place" values={{ local: booking.local }} />
        </Text>
      ) : null}
      {slot ? (
        <Text fontSize="xs" color="fg.muted" data-testid="trail-change-rule">
          {booking.alteravel_ate === null ? (
            <FormattedMessage id="trail.final" />
          ) : booking.alteravel ? (
            <FormattedMessage
              id="trail.changeUntil"
              values={{ prazo: formatDateTime(booking.alteravel_ate, intl.locale) }}
            />
          ) : (
            <FormattedMessage id="trail.changeClosed" />
          )}
        </Text>
      ) : null}
      {trail.justBooked && slot ? (
        <Box mt="2" ref={outcomeRef} tabIndex={-1} outline="none">
          <ErrorAlert
            status="success"
            testId="trail-booked-now"
            message={
              <FormattedMessage
                id="trail.bookedNow"
                values={{ quando: slotText(slot, intl.locale) }}
              />
            }
          />
        </Box>
      ) : null}
      {trail.open ? (
        <Picker trail={trail} />
      ) : booking.alteravel ? (
        <Button
          size="xs"
          mt="2"
          variant={slot ? 'outline' : 'solid'}
          onClick={() => trail.actor.send({ type: 'trail.start' })}
          data-testid="trail-start"
        >
          <FormattedMessage id={slot ? 'trail.change' : 'trail.book'} />
        </Button>
      ) : null}
    </Box>
  );
}

/** The picker: the days with places, then the chosen day's times; errors with their way on. */
function Picker({ trail }: { trail: TrailBookingHandle }) {
  const intl = useIntl();
  const send = trail.actor.send;
  const headingRef = useRef<HTMLParagraphElement>(null);
  // Each step moves the focus to its heading, so a screen reader follows the flow.
  useEffect(() => {
    if (trail.pickDay || trail.pickTime) headingRef.current?.focus();
  }, [trail.pickDay, trail.pickTime]);
  const failedMessage =
    trail.failedStep === 'book' ? 'trail.bookFailed' : ('trail.loadFailed' as const);
  return (
    <Stack mt="3" gap="3" data-testid="trail-picker">
      {trail.failed ? (
        <Stack gap="2">
          <ErrorAlert
            message={
              trail.error?.message ? (
                <ErrorMessage error={trail.error} />
              ) : (
                <FormattedMessage id={failedMessage} />
              )
            }
            onRetry={() => send({ type: 'trail.retry' })}
            testId="trail-error"
          />
          {trail.failedStep === 'book' || trail.failedStep === 'times' ? (
            <HStack>
              <Button size="xs" variant="outline" onClick={() => send({ type: 'trail.back' })}>
                <FormattedMessage id="trail.back" />
              </Button>
            </HStack>
          ) : null}
        </Stack>
      ) : null}
      {trail.busy ? (
        <HStack gap="2" color="fg.muted" fontSize="sm" aria-live="polite">
          <Spinner size="xs" />
          <FormattedMessage id="common.loading" />
        </HStack>
      ) : null}
      {trail.pickDay ? (
        <Stack gap="2">
          <Text ref={headingRef} tabIndex={-1} fontWeight="medium" fontSize="sm" outline="none">
            <FormattedMessage id="trail.pickDay" />
          </Text>
          {trail.dias.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="trail-no-days">
              <FormattedMessage id="trail.noDays" />
            </Text>
          ) : (
            <Wrap
              gap="2"
              role="group"
              aria-label={intl.formatMessage({ id: 'trail.pickDay' })}
              data-testid="trail-days"
            >
              {trail.dias.map((d) => (
                <Button
                  key={d.dia}
                  size="sm"
                  variant="outline"
                  h="auto"
                  py="1.5"
                  onClick={() => send({ type: 'trail.daySelected', dia: d.dia })}
                  data-testid="trail-day"
                  data-dia={d.dia}
                >
                  <Stack gap="0" align="start">
                    <Text as="span">{formatLongDate(d.dia, intl.locale)}</Text>
                    <Text as="span" fontSize="xs" color="fg.muted">
                      <FormattedMessage id="trail.places" values={{ n: d.vagas }} />
                    </Text>
                  </Stack>
                </Button>
              ))}
            </Wrap>
          )}
        </Stack>
      ) : null}
      {trail.pickTime && trail.dia ? (
        <Stack gap="2">
          <Text ref={headingRef} tabIndex={-1} fontWeight="medium" fontSize="sm" outline="none">
            <FormattedMessage
              id="trail.pickTime"
              values={{ dia: formatLongDate(trail.dia, intl.locale) }}
            />
          </Text>
          {trail.horarios.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="trail-no-times">
              <FormattedMessage id="trail.noTimes" />
            </Text>
          ) : (
            <Wrap
              gap="2"
              role="group"
              aria-label={intl.formatMessage(
                { id: 'trail.pickTime' },
                { dia: formatLongDate(trail.dia, intl.locale) },
              )}
              data-testid="trail-times"
            >
              {trail.horarios.map((h) => (
                <Button
                  key={h.hora}
                  size="sm"
                  variant="outline"
                  h="auto"
                  py="1.5"
                  onClick={() => send({ type: 'trail.timeSelected', hora: h.hora })}
                  data-testid="trail-time"
                  data-hora={h.hora}
                >
                  <Stack gap="0" align="start">
                    <Text as="span">{formatTime(`${trail.dia} ${h.hora}`, intl.locale)}</Text>
                    <Text as="span" fontSize="xs" color="fg.muted">
                      <FormattedMessage id="trail.places" values={{ n: h.vagas }} />
                    </Text>
                  </Stack>
                </Button>
              ))}
            </Wrap>
          )}
          <HStack>
            <Button size="xs" variant="ghost" onClick={() => send({ type: 'trail.back' })}>
              <FormattedMessage id="trail.back" />
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {trail.hora && trail.dia && trail.failedStep === 'book' ? (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage
            id="trail.chosen"
            values={{ quando: slotText({ dia: trail.dia, hora: trail.hora }, intl.locale) }}
          />
        </Text>
      ) : null}
      <Flex justify="flex-end">
        <Button
          size="xs"
          variant="ghost"
          onClick={() => send({ type: 'trail.close' })}
          disabled={trail.busy}
          data-testid="trail-close"
        >
          <FormattedMessage id="trail.close" />
        </Button>
      </Flex>
    </Stack>
  );
}
