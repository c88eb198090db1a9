import type { ReactNode } from 'react';
import { defineClassSet, useClassSet } from '#src/lib/class-sets.tsx';
import { EmptyState } from './empty-state';

/** The title and sentence's column, as Chakra's VStack drew it. */
const NOTICE = defineClassSet('notice', {
  texts: {
    display: 'flex',
    alignItems: 'center',
    flexDirection: 'column',
    gap: '0.5rem',
    textAlign: 'center',
  },
});

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
  const classes = useClassSet(NOTICE);
  return (
    <EmptyState.Root size="lg" bg="bg" borderRadius="xl" borderWidth="1px" data-testid={testId}>
      <EmptyState.Content>
        <div className={`chakra-stack ${classes.texts}`}>
          {title ? (
            <EmptyState.Title as="h1" fontSize="2xl" fontFamily="heading">
              {title}
            </EmptyState.Title>
          ) : null}
          <EmptyState.Description fontSize="md" color={title ? undefined : 'fg'}>
            {children}
          </EmptyState.Description>
        </div>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
