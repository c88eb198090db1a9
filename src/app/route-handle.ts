import type { MessageId } from '#src/lib/messages.d.ts';
import {
  matchAppPath,
  NOT_FOUND_TITLE,
  ROUTES,
  type RouteName,
  type UrlMode,
} from '#src/lib/routes.ts';

/**
 * What each route of the tree records of itself: its screen and title (the route tree's tests
 * read it; the shell titles pages with {@link routeTitle}, from the same table).
 */
export interface RouteHandle {
  route?: RouteName;
  title: MessageId;
}

/** The title of the development forms page (/dev/forms). */
export const DEV_FORMS_TITLE: MessageId = 'formui.dev.title';

/**
 * The title of the screen at `pathname`, from the same table the route tree is made of
 * (src/lib/routes.ts): a screen's title, the development forms page's, else not-found's.
 */
export function routeTitle(pathname: string, mode: UrlMode): MessageId {
  const match = matchAppPath(pathname, mode);
  if (match) return ROUTES[match.name].title;
  if (/(^|\/)dev\/forms\/?$/.test(pathname)) return DEV_FORMS_TITLE;
  return NOT_FOUND_TITLE;
}
