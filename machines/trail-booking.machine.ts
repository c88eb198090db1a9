import { assign, fromPromise, setup } from 'xstate';
import type { AgendamentoIngresso } from '#schemas/contract.ts';
import type {
  TrailBookingContext,
  TrailBookingEvent,
  TrailBookingInput,
  TrailDayInput,
  TrailDays,
  TrailLoaded,
  TrailSlotInput,
  TrailTicketInput,
} from './trail-booking.types';
import { notProvided, toFlowError } from './types';

const MACHINE = 'trailBookingMachine';

/**
 * Booking the slot of a paid ticket that needs one (a guided trail, a stadium tour), from My
 * orders (CustomUserApps calls, all injected): the ticket's booking is read (`loadBooking`,
 * ConsultaRioBoi); the buyer opens the picker (`trail.start`, only when the server says the
 * ticket may book or move now), picks a day among those with free places (`fetchDays`,
 * DiasCompra), then a time of that day (`fetchTimes`, DiasCompra with the day), and the slot is
 * booked (`bookSlot`, InsereRioBoi). The server decides everything (places, cut-off, final
 * bookings); a refusal is kept in `context.error`, from where the step is tried again
 * (`trail.retry`) or another day picked (`trail.back`).
 *
 * - states: `loading` (initial) → `settled` (routes to `booked` or `idle`) · `loadFailed` ·
 *   `loadingDays` → `pickDay` → `loadingTimes` → `pickTime` → `booking` → `booked` | `failed`,
 *   with `daysFailed` and `timesFailed`
 * - tags: `loading`, `busy` (loadingDays, loadingTimes, booking), `open` (the picker shows:
 *   every state from loadingDays to failed), `toBook` (idle), `booked`, `pickDay`, `pickTime`,
 *   `failed` (loadFailed, daysFailed, timesFailed, failed)
 */
export const trailBookingMachine = setup({
  types: {
    input: {} as TrailBookingInput,
    context: {} as TrailBookingContext,
    events: {} as TrailBookingEvent,
  },
  actors: {
    loadBooking: fromPromise<TrailLoaded, TrailTicketInput>(async () => {
      throw notProvided(MACHINE, 'loadBooking');
    }),
    fetchDays: fromPromise<TrailDays, TrailTicketInput>(async () => {
      throw notProvided(MACHINE, 'fetchDays');
    }),
    fetchTimes: fromPromise<TrailDays, TrailDayInput>(async () => {
      throw notProvided(MACHINE, 'fetchTimes');
    }),
    bookSlot: fromPromise<AgendamentoIngresso, TrailSlotInput>(async () => {
      throw notProvided(MACHINE, 'bookSlot');
    }),
  },
  guards: {
    /** The ticket has a slot booked. */
    hasBooking: ({ context }) => context.booking?.agendamento != null,
    /** The server says the ticket may book, or move its booking, now. */
    isChangeable: ({ context }) => context.booking?.alteravel === true,
  },
  actions: {
    assignBooking: assign((_, params: { booking: AgendamentoIngresso }) => ({
      booking: params.booking,
      error: null,
    })),
    assignBooked: assign((_, params: { booking: AgendamentoIngresso }) => ({
      booking: params.booking,
      justBooked: true,
      dias: [],
      dia: null,
      horarios: [],
      hora: null,
      error: null,
    })),
    assignDays: assign((_, params: { result: TrailDays }) => ({
      dias: params.result.dias,
      error: null,
    })),
    assignDay: assign((_, params: { dia: string }) => ({
      dia: params.dia,
      horarios: [],
      hora: null,
      error: null,
    })),
    assignTimes: assign((_, params: { result: TrailDays }) => ({
      horarios: params.result.horarios ?? [],
      error: null,
    })),
    assignTime: assign((_, params: { hora: string }) => ({ hora: params.hora, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    openPicker: assign({ justBooked: false, error: null }),
    closePicker: assign({ dias: [], dia: null, horarios: [], hora: null, error: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'trailBooking',
  context: ({ input }) => ({
    iditem: input.iditem,
    booking: null,
    dias: [],
    dia: null,
    horarios: [],
    hora: null,
    justBooked: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ iditem: context.iditem }),
        onDone: {
          target: 'settled',
          actions: { type: 'assignBooking', params: ({ event }) => ({ booking: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['failed'],
      on: { 'trail.retry': { target: 'loading', actions: 'clearError' } },
    },
    settled: {
      always: [{ guard: 'hasBooking', target: 'booked' }, { target: 'idle' }],
    },
    idle: {
      tags: ['toBook'],
      on: {
        'trail.start': { guard: 'isChangeable', target: 'loadingDays', actions: 'openPicker' },
      },
    },
    booked: {
      tags: ['booked'],
      on: {
        'trail.start': { guard: 'isChangeable', target: 'loadingDays', actions: 'openPicker' },
      },
    },
    loadingDays: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'fetchDays',
        src: 'fetchDays',
        input: ({ context }) => ({ iditem: context.iditem }),
        onDone: {
          target: 'pickDay',
          actions: { type: 'assignDays', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'daysFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    daysFailed: {
      tags: ['failed', 'open'],
      on: {
        'trail.retry': { target: 'loadingDays', actions: 'clearError' },
        'trail.close': { target: 'settled', actions: 'closePicker' },
      },
    },
    pickDay: {
      tags: ['pickDay', 'open'],
      on: {
        'trail.daySelected': {
          target: 'loadingTimes',
          actions: { type: 'assignDay', params: ({ event }) => ({ dia: event.dia }) },
        },
        'trail.close': { target: 'settled', actions: 'closePicker' },
      },
    },
    loadingTimes: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'fetchTimes',
        src: 'fetchTimes',
        input: ({ context }) => ({ iditem: context.iditem, dia: context.dia ?? '' }),
        onDone: {
          target: 'pickTime',
          actions: { type: 'assignTimes', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'timesFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    timesFailed: {
      tags: ['failed', 'open'],
      on: {
        'trail.retry': { target: 'loadingTimes', actions: 'clearError' },
        'trail.back': { target: 'loadingDays', actions: 'clearError' },
        'trail.close': { target: 'settled', actions: 'closePicker' },
      },
    },
    pickTime: {
      tags: ['pickTime', 'open'],
      on: {
        'trail.timeSelected': {
          target: 'booking',
          actions: { type: 'assignTime', params: ({ event }) => ({ hora: event.hora }) },
        },
        'trail.back': { target: 'loadingDays' },
        'trail.close': { target: 'settled', actions: 'closePicker' },
      },
    },
    booking: {
      tags: ['busy', 'open'],
      invoke: {
        id: 'bookSlot',
        src: 'bookSlot',
        input: ({ context }) => ({
          iditem: context.iditem,
          dia: context.dia ?? '',
          hora: context.hora ?? '',
        }),
        onDone: {
          target: 'booked',
          actions: { type: 'assignBooked', params: ({ event }) => ({ booking: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['failed', 'open'],
      on: {
        'trail.retry': { target: 'booking', actions: 'clearError' },
        // Another day or time: the days are read again (the place may be gone).
        'trail.back': { target: 'loadingDays', actions: 'clearError' },
        'trail.close': { target: 'settled', actions: 'closePicker' },
      },
    },
  },
});
