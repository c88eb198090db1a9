import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Notice } from '../../components/notice';
import { usePathFor } from '../../lib/use-path-for';

/** Any other path (spec §2): "Página não encontrada". */
export function NotFoundPage() {
  const to = usePathFor();
  return (
    <Notice
      title={<FormattedMessage id="page.notFound.title" />}
      testId="not-found"
      action={
        <Button asChild>
          <RouterLink to={to('Home')}>
            <FormattedMessage id="common.backHome" />
          </RouterLink>
        </Button>
      }
    >
      <FormattedMessage id="page.notFound.body" />
    </Notice>
  );
}
