import { useSearchParams } from 'react-router-dom';
import { NewsletterLinkView } from '../../features/newsletter/components/newsletter-link-view';

/** Newsletter (/newsletter?acao=confirmar|cancelar&token=): the links of the newsletter's mails. */
export function NewsletterPage() {
  const [search] = useSearchParams();
  const acao = search.get('acao');
  const token = search.get('token')?.trim();
  return (
    <NewsletterLinkView
      acao={acao === 'confirmar' || acao === 'cancelar' ? acao : null}
      token={token ? token : null}
    />
  );
}
