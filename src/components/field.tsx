import { Field as ChakraField } from '@chakra-ui/react';
import { fieldSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe';

/** Chakra's Field with its recipe (lazily loaded forms only; see with-recipe.tsx). */
export const Field = {
  Root: withRecipe(ChakraField.Root, fieldSlotRecipe),
  Label: ChakraField.Label,
  HelperText: ChakraField.HelperText,
  ErrorText: ChakraField.ErrorText,
  RequiredIndicator: ChakraField.RequiredIndicator,
};
