import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';
import type { ClassSet } from './class-sets';

/** Resolves a set's styles into classes and inserts their rules into emotion's cache. */
export function resolveClassSet<K extends string>(
  set: ClassSet<K>,
  system: SystemContext,
  cache: EmotionCache,
): Record<K, string> {
  const styles = set.styles(system);
  const classes = {} as Record<K, string>;
  for (const key of Object.keys(styles) as K[]) {
    const style = styles[key];
    const serialized = serializeStyles(
      [system.css(...(Array.isArray(style) ? style : [style]))],
      cache.registered,
    );
    insertStyles(cache, serialized, false);
    classes[key] = `${cache.key}-${serialized.name}`;
  }
  return classes;
}
