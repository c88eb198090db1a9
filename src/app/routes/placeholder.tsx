import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Notice } from '#src/components/notice.tsx';
import { ROUTES, type RouteName } from '#src/lib/routes.ts';
import { usePathFor } from '#src/lib/use-path-for.ts';

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
