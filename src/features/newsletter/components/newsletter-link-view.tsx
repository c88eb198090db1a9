import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { Notice } from '#src/components/notice.tsx';
import { useAsync } from '#src/lib/use-async.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { runNewsletterLink } from '../newsletter-link';

/**
 * The page of a newsletter mail's link (/newsletter?acao=confirmar|cancelar&token=), no login:
 * confirms the subscription or cancels it, and says so (or that the link is not valid).
 */
export function NewsletterLinkView({
  acao,
  token,
}: {
  acao: 'confirmar' | 'cancelar' | null;
  token: string | null;
}) {
  const to = usePathFor();
  const result = useAsync(acao && token ? () => runNewsletterLink(acao, token) : null, [
    acao,
    token,
  ]);
  const home = (
    <Button asChild>
      <RouterLink to={to('Home')}>
        <FormattedMessage id="common.backHome" />
      </RouterLink>
    </Button>
  );
  if (acao && token && result.loading) return <LoadingState page />;
  if (result.error && result.error.code < 0) {
    return <ErrorAlert message={<ErrorMessage error={null} />} onRetry={result.reload} />;
  }
  const done = result.data;
  const testId = !done
    ? 'newsletter-link-error'
    : acao === 'cancelar'
      ? 'newsletter-unsubscribed'
      : 'newsletter-confirmed';
  return (
    <Notice title={<FormattedMessage id="page.newsletter.title" />} testId={testId} action={home}>
      <span role={done ? 'status' : 'alert'}>
        {done
          ? done.mensagem
          : (result.error?.message ?? <FormattedMessage id="error.newsletterLink" />)}
      </span>
    </Notice>
  );
}
