import { lazyStyled } from '#src/lib/style-system.tsx';

// Chakra parts that the pages whose first view is plain elements (home, an event page, the
// not-found page) show only now and then: their code and the style system load when they first
// show (src/lib/style-system.tsx). Pages that are Chakra components import the parts directly:
// loaded with the page, they show with it instead of a moment later (which moved what follows).

/**
 * error-alert.tsx's ErrorAlert: a failed call, an event without dates. Plain elements, but its
 * class set is not in those pages (the checkout's frame carries it): it is resolved, with the
 * style system, when an alert first shows.
 */
export const LazyErrorAlert = lazyStyled(() => import('./error-alert').then((m) => m.ErrorAlert));

/** notice.tsx's Notice: the not-found page's text and way home. */
export const LazyNotice = lazyStyled(() => import('./notice').then((m) => m.Notice));
