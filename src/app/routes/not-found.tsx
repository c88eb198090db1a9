import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { LazyNotice as Notice } from '#src/components/lazy-styled-parts.tsx';
import { recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { useOwnTitle } from '#src/lib/use-own-title.ts';

/** The way home: a link with the look of Chakra's Button (solid, size md). */
const NOT_FOUND = defineClassSet('not-found', (system) => ({
  home: recipeLook(system, 'button'),
}));

/**
 * Any other path (spec §2): "Página não encontrada", in the heading and the document's title
 * (also where a route's own page finds nothing: an unknown content slug under Informações).
 */
export function NotFoundPage() {
  const to = usePathFor();
  const intl = useIntl();
  useOwnTitle(intl.formatMessage({ id: 'page.notFound.title' }));
  const classes = useClassSet(NOT_FOUND);
  return (
    <Notice
      title={<FormattedMessage id="page.notFound.title" />}
      testId="not-found"
      action={
        <RouterLink to={to('Home')} className={`chakra-button ${classes.home}`}>
          <FormattedMessage id="common.backHome" />
        </RouterLink>
      }
    >
      <FormattedMessage id="page.notFound.body" />
    </Notice>
  );
}
