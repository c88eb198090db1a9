import { useSearchParams } from 'react-router-dom';
import { LoadingState } from '#src/components/loading-state.tsx';
import { NewsletterLinkView } from '#src/features/newsletter/components/newsletter-link-view.tsx';
import { useHydrated } from '#src/lib/use-hydrated.ts';

/**
 * Newsletter (/newsletter?acao=confirmar|cancelar&token=): the links of the newsletter's mails.
 * The server renders a path without its query: the loading frame, hydrated as it is, then the
 * link's outcome.
 */
export function NewsletterPage() {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  const acao = search.get('acao');
  const token = search.get('token')?.trim();
  if (!hydrated) return <LoadingState page />;
  return (
    <NewsletterLinkView
      acao={acao === 'confirmar' || acao === 'cancelar' ? acao : null}
      token={token ? token : null}
    />
  );
}
