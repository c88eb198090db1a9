import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ROUTES, type RouteName } from '../../lib/routes';
import { usePathFor } from '../../lib/use-path-for';

/** A screen of a later issue: the route answers, in every language, and says it is coming. */
export function PlaceholderPage({ route }: { route: RouteName }) {
  const to = usePathFor();
  return (
    <EmptyState.Root
      size="lg"
      bg="bg"
      borderRadius="xl"
      borderWidth="1px"
      data-testid="placeholder-page"
    >
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="2xl" fontFamily="heading">
            <FormattedMessage id={ROUTES[route].title} />
          </EmptyState.Title>
          <EmptyState.Description>
            <FormattedMessage id="placeholder.comingSoon" />
          </EmptyState.Description>
        </VStack>
        <Button asChild variant="outline">
          <RouterLink to={to('Home')}>
            <FormattedMessage id="common.backHome" />
          </RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
