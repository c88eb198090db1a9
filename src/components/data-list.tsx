import { DataList as ChakraDataList } from '@chakra-ui/react';
import { dataListSlotRecipe } from '@chakra-ui/react/theme';
import { withRecipe } from './with-recipe';

/** Chakra's DataList with its recipe (lazily loaded order pages only; see with-recipe.tsx). */
export const DataList = {
  Root: withRecipe(ChakraDataList.Root, dataListSlotRecipe),
  Item: ChakraDataList.Item,
  ItemLabel: ChakraDataList.ItemLabel,
  ItemValue: ChakraDataList.ItemValue,
};
