import type { InspectionEvent, Observer } from 'xstate';

/**
 * `?inspect` connects every actor to the Stately inspector (@statelyai/inspect). The inspector
 * is imported only then, so normal visits never download it. Call {@link setupInspector}
 * before the first actor starts; pass {@link inspectOptions} to every useActorRef/createActor.
 */
let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

export function wantsInspector(search: string): boolean {
  return new URLSearchParams(search).has('inspect');
}

export async function setupInspector(): Promise<void> {
  if (inspect) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/** Whether the inspector is connected (actors that would start later start at once then). */
export function inspecting(): boolean {
  return inspect !== undefined;
}

/** Spread into actor options: `useActorRef(machine, { ...inspectOptions(), input })`. */
export function inspectOptions(): {
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
} {
  return inspect ? { inspect } : {};
}
