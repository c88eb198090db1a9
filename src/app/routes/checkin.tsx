import { LoadingState } from '../../components/loading-state';
import { CheckinView } from '../../features/checkin/components/checkin-view';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * Checkin (/checkin): the gate's page for the brand's staff (brand.json `checkin`). What it
 * shows lives on the device (staff token, session, offline scans), so the server renders only
 * the loading frame.
 */
export function CheckinPage() {
  const hydrated = useHydrated();
  return hydrated ? <CheckinView /> : <LoadingState page />;
}
