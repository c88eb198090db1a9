import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Notice } from '../../components/notice';
import { ROUTES, type RouteName } from '../../lib/routes';
import { usePathFor } from '../../lib/use-path-for';

/** A screen of a later issue: the route answers, in every language, and says it is coming. */
export function PlaceholderPage({ route }: { route: RouteName }) {
  const to = usePathFor();
  return (
    <Notice
      title={<FormattedMessage id={ROUTES[route].title} />}
      testId="placeholder-page"
      action={
        <Button asChild variant="outline">
          <RouterLink to={to('Home')}>
            <FormattedMessage id="common.backHome" />
          </RouterLink>
        </Button>
      }
    >
      <FormattedMessage id="placeholder.comingSoon" />
    </Notice>
  );
}
