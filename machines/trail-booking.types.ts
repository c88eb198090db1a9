/**
 * Types of the slot booking of a paid ticket (machines/trail-booking.machine.ts): what the view
 * knows and sends, and what the injected actors take and give back.
 */
import type {
  AgendamentoIngresso,
  DiasCompraResult,
  DiaVagas,
  HorarioVagas,
} from '#schemas/contract.ts';
import type { FlowError } from './types';

/** The ticket the machine books for (a unit of a product that needs a slot). */
export interface TrailBookingInput {
  iditem: number;
}

export interface TrailBookingContext {
  iditem: number;
  /** The ticket's booking as the server last answered it (ConsultaRioBoi, InsereRioBoi). */
  booking: AgendamentoIngresso | null;
  /** The days with free places (DiasCompra), once loaded. */
  dias: DiaVagas[];
  /** The day picked, and its times with free places. */
  dia: string | null;
  horarios: HorarioVagas[];
  /** The time picked (booking, or failed to book). */
  hora: string | null;
  /** A booking made (or moved) in this run: the view says so. */
  justBooked: boolean;
  error: FlowError | null;
}

export type TrailBookingEvent =
  /** Open the picker: book a slot, or move the booking (when the server says it may). */
  | { type: 'trail.start' }
  | { type: 'trail.daySelected'; dia: string }
  | { type: 'trail.timeSelected'; hora: string }
  /** From the times (or a failed booking): back to the days. */
  | { type: 'trail.back' }
  /** Try the failed step again (the load, the days, the times, the booking). */
  | { type: 'trail.retry' }
  /** Close the picker: back to the booking as it is. */
  | { type: 'trail.close' };

/** Input of the actors that read and book (the ticket; the day; the slot). */
export interface TrailTicketInput {
  iditem: number;
}
export interface TrailDayInput extends TrailTicketInput {
  dia: string;
}
export interface TrailSlotInput extends TrailDayInput {
  hora: string;
}

/** What the actor `loadBooking` answers: the ticket's entry of ConsultaRioBoi. */
export type TrailLoaded = AgendamentoIngresso;
/** What `fetchDays` and `fetchTimes` answer (DiasCompra). */
export type TrailDays = DiasCompraResult;
