import { EmptyState as ChakraEmptyState } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe';

/** Chakra's EmptyState with its recipe (lazily loaded pages only; see with-recipe.tsx). */
export const EmptyState = {
  Root: withRecipe(ChakraEmptyState.Root, emptyStateSlotRecipe),
  Content: ChakraEmptyState.Content,
  Title: ChakraEmptyState.Title,
  Description: ChakraEmptyState.Description,
};
