import { LoadingState } from '#src/components/loading-state.tsx';
import { CheckinView } from '#src/features/checkin/components/checkin-view.tsx';
import { useHydrated } from '#src/lib/use-hydrated.ts';

/**
 * Checkin (/checkin): the gate's page for the brand's staff (brand.json `checkin`). What it
 * shows lives on the device (staff token, session, offline scans), so the server renders only
 * the loading frame.
 */
export function CheckinPage() {
  const hydrated = useHydrated();
  return hydrated ? <CheckinView /> : <LoadingState page />;
}
