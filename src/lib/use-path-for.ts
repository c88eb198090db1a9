import { useCallback } from 'react';
import { useBrand } from './brand-context';
import { useCurrentLocale } from './locale';
import { pathFor, type RouteName, type RouteParams } from './routes';

/** `to('Produto', {id})` → the path of that screen in the language on screen. */
export function usePathFor(): (name: RouteName, params?: RouteParams) => string {
  const locale = useCurrentLocale();
  const { multiLanguage } = useBrand();
  return useCallback(
    (name, params) => pathFor(name, locale, params, { multiLanguage }),
    [locale, multiLanguage],
  );
}
