import { createStore, useStore } from '#src/lib/create-store.ts';

/**
 * Snackbars without their weight on the first page: the toast machinery is downloaded with
 * the first notice. Notices sent before it is ready wait in a queue.
 */
export interface Notice {
  type: 'success' | 'error' | 'info' | 'warning';
  description: string;
  duration?: number;
}

type Show = (notice: Notice) => void;

let show: Show | null = null;
const queue: Notice[] = [];
const wanted = createStore(false);

export function notify(notice: Notice): void {
  if (show) {
    show(notice);
    return;
  }
  queue.push(notice);
  wanted.set(true);
}

/** The toaster calls this once mounted; queued notices show then. */
export function registerToaster(next: Show | null): void {
  show = next;
  if (next) for (const n of queue.splice(0)) next(n);
}

export function useToasterWanted(): boolean {
  return useStore(wanted);
}
