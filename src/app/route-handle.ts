import type { MessageId } from '../lib/messages';
import type { RouteName } from '../lib/routes';

/** What each route tells the shell: its name (for the language switch) and its title. */
export interface RouteHandle {
  route?: RouteName;
  title: MessageId;
}

export function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'title' in h;
}
