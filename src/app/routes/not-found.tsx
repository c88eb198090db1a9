import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { usePathFor } from '../../lib/use-path-for';

/** Any other path (spec §2): "Página não encontrada". */
export function NotFoundPage() {
  const to = usePathFor();
  return (
    <EmptyState.Root size="lg" bg="bg" borderRadius="xl" borderWidth="1px" data-testid="not-found">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title as="h1" fontSize="2xl" fontFamily="heading">
            <FormattedMessage id="page.notFound.title" />
          </EmptyState.Title>
          <EmptyState.Description>
            <FormattedMessage id="page.notFound.body" />
          </EmptyState.Description>
        </VStack>
        <Button asChild>
          <RouterLink to={to('Home')}>
            <FormattedMessage id="common.backHome" />
          </RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
