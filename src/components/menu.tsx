import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe';

/** Chakra's Menu with its recipe (only the lazily loaded account menu; see with-recipe.tsx). */
export const Menu = {
  Root: withRecipe(ChakraMenu.Root, menuSlotRecipe),
  Trigger: ChakraMenu.Trigger,
  Positioner: ChakraMenu.Positioner,
  Content: ChakraMenu.Content,
  Item: ChakraMenu.Item,
  Separator: ChakraMenu.Separator,
};
