import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import button from '#src/components/button.module.css';
import { LazyNotice as Notice } from '#src/components/lazy-styled-parts.tsx';
import { useOwnTitle } from '#src/lib/use-own-title.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';

/**
 * Any other path (spec §2): "Página não encontrada", in the heading and the document's title
 * (also where a route's own page finds nothing: an unknown content slug under Informações).
 */
export function NotFoundPage() {
  const to = usePathFor();
  const intl = useIntl();
  useOwnTitle(intl.formatMessage({ id: 'page.notFound.title' }));
  return (
    <Notice
      title={<FormattedMessage id="page.notFound.title" />}
      testId="not-found"
      action={
        <RouterLink to={to('Home')} className={`${button.button} ${button.md} ${button.solid}`}>
          <FormattedMessage id="common.backHome" />
        </RouterLink>
      }
    >
      <FormattedMessage id="page.notFound.body" />
    </Notice>
  );
}
