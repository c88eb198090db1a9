import type { ComponentType, ReactElement } from 'react';

/**
 * A Chakra root that styles itself with `recipe` instead of the system's recipe of the same
 * name. The shop's system (src/lib/brand-system.ts) leaves out the recipes that only lazily
 * loaded screens use (dialogs, the account menu, toasts, form fields, …), so their code is not
 * in the JavaScript of every first visit and the system does not set them up at start; their
 * wrapper (src/components/dialog.tsx and its siblings) brings the recipe with the component.
 * Tokens and `colorPalette` still resolve through the system, so the styles are the same.
 * Each mounted root builds its styles from the recipe (a system recipe was built once per
 * system): fine for the few of them a screen shows.
 */
export function withRecipe<P extends { recipe?: unknown }>(
  Root: ComponentType<P>,
  recipe: P['recipe'],
): (props: P) => ReactElement {
  function RecipeRoot(props: P) {
    return <Root {...props} recipe={recipe} />;
  }
  RecipeRoot.displayName = `WithRecipe(${Root.displayName ?? Root.name})`;
  return RecipeRoot;
}
