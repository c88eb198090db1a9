import { VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/**
 * A page's only content when there is nothing else to show: not found, an empty cart, sign in
 * first. A title (the page's h1, when the page has no heading of its own), a sentence, one action.
 */
export function Notice({
  title,
  children,
  action,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  action: ReactNode;
  testId?: string;
}) {
  return (
    <EmptyState.Root size="lg" bg="bg" borderRadius="xl" borderWidth="1px" data-testid={testId}>
      <EmptyState.Content>
        <VStack textAlign="center">
          {title ? (
            <EmptyState.Title as="h1" fontSize="2xl" fontFamily="heading">
              {title}
            </EmptyState.Title>
          ) : null}
          <EmptyState.Description fontSize="md" color={title ? undefined : 'fg'}>
            {children}
          </EmptyState.Description>
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
