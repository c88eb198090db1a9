import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { Notice } from '#src/components/notice.tsx';
import { useAsync } from '#src/lib/use-async.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';
import { confirmEmailOnce } from '../confirm-email';

/**
 * The e-mail confirmation page (/validatemail?token=, the link of the sign-up mail): confirms
 * once and shows the server's notice ('E-mail confirmado com sucesso!', or 'E-mail já
 * confirmado.' for a link opened again) or 'Token de confirmação não identificado!'.
 */
export function ConfirmEmailView({ token }: { token: string | null }) {
  const to = usePathFor();
  const result = useAsync(token ? () => confirmEmailOnce(token) : null, [token]);
  const home = (
    <Button asChild>
      <RouterLink to={to('Home')}>
        <FormattedMessage id="common.backHome" />
      </RouterLink>
    </Button>
  );
  if (token && result.loading) return <LoadingState page />;
  if (token && result.error && result.error.code < 0) {
    // Offline or no answer: nothing is known about the token yet.
    return <ErrorAlert message={<ErrorMessage error={null} />} onRetry={result.reload} />;
  }
  const notice = token !== null ? result.data?.mensagem : undefined;
  const ok = notice !== undefined;
  return (
    <Notice
      title={<FormattedMessage id="page.confirmEmail.title" />}
      testId={ok ? 'confirm-success' : 'confirm-error'}
      action={home}
    >
      <span role={ok ? 'status' : 'alert'}>
        {ok ? notice : <FormattedMessage id="error.confirmToken" />}
      </span>
    </Notice>
  );
}
