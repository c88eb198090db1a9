import { NativeSelect as ChakraNativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe';

/** Chakra's NativeSelect with its recipe (lazily loaded forms only; see with-recipe.tsx). */
export const NativeSelect = {
  Root: withRecipe(ChakraNativeSelect.Root, nativeSelectSlotRecipe),
  Field: ChakraNativeSelect.Field,
  Indicator: ChakraNativeSelect.Indicator,
};
