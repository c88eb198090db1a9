import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';

/** Style objects per class; an array is merged in order, as Chakra merges a component's. */
export type ClassStyles<K extends string> = Record<K, SystemStyleObject | SystemStyleObject[]>;

/** A named set of classes, made by defineClassSet (src/lib/class-sets.tsx). */
export interface ClassSet<K extends string> {
  /** Unique among sets (class-sets.test.tsx checks): the key of its classes in the page. */
  readonly name: string;
  readonly styles: (system: SystemContext) => ClassStyles<K>;
}

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
