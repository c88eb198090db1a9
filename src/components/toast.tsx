import { Toast as ChakraToast } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe';

/** Chakra's Toast with its recipe (only the lazily loaded toaster; see with-recipe.tsx). */
export const Toast = {
  Root: withRecipe(ChakraToast.Root, toastSlotRecipe),
  Indicator: ChakraToast.Indicator,
  Title: ChakraToast.Title,
  Description: ChakraToast.Description,
  CloseTrigger: ChakraToast.CloseTrigger,
};
