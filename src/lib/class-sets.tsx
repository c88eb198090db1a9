import type { SystemContext } from '@chakra-ui/react';
import { createContext, type ReactNode, useContext } from 'react';
import { CLASS_SETS_ELEMENT_ID, type PageClassSets } from '#schemas/preload.ts';
import type { ClassSet, ClassStyles } from './class-set-resolve';
import { readPageJson } from './preloaded';
import { readStyleSystem, type StyleSystem, type StyleSystemSource } from './style-system';

/**
 * Class sets: the looks of plain elements (a list's buttons, the header's parts), each a style
 * object resolved by the brand's style system into an emotion class, as a Chakra component's
 * styles are, but by name and once per page instead of by each component as it renders.
 *
 * The server resolves the sets its page uses; their classes go into the page (a JSON script
 * element, CLASS_SETS_ELEMENT_ID, beside its answers) and their rules into its styles. The
 * browser hydrates those parts with the classes as written, without resolving a style. A set
 * the page did not carry (a screen reached by a client-side navigation) is resolved in the
 * browser when first used, and kept.
 *
 * A set's styles are a function of the style system only (never of props): each look a part
 * can take (picked, not picked) is a class of its own. Its classes go on plain elements only: a
 * Chakra component given one would merge the class's registered styles into a class of its own,
 * which the browser, not having resolved the set, could not do alike.
 */

/**
 * A set of classes, by name. `styles` may use the system: a Chakra component's look is its
 * recipe's styles, then the part's own (`recipeLook`, src/components/plain-part-styles.ts).
 */
export function defineClassSet<K extends string>(
  name: string,
  styles: ClassStyles<K> | ((system: SystemContext) => ClassStyles<K>),
): ClassSet<K> {
  return { name, styles: typeof styles === 'function' ? styles : () => styles };
}

type Classes = Record<string, string>;

/** Where a page's sets come from and go: one per server render, one in the browser. */
export class ClassSetRegistry {
  private readonly classes: Map<string, Classes>;

  constructor(
    /** The page's style system, for the sets it did not carry (loaded then, in the browser). */
    readonly source: StyleSystemSource,
    /** The classes the server wrote into the page (the browser's registry). */
    fromPage: PageClassSets = {},
  ) {
    this.classes = new Map(Object.entries(fromPage));
  }

  /** The classes of `set` when the page carried them or they were resolved before. */
  known<K extends string>(set: ClassSet<K>): Record<K, string> | undefined {
    return this.classes.get(set.name) as Record<K, string> | undefined;
  }

  /** Resolves `set` (once) with the page's style system. */
  resolve<K extends string>(set: ClassSet<K>, styleSystem: StyleSystem): Record<K, string> {
    let classes = this.known(set);
    if (!classes) {
      classes = styleSystem.resolveClassSet(set);
      this.classes.set(set.name, classes);
    }
    return classes;
  }

  /** Every class of the sets used so far. */
  classNames(): string[] {
    return [...this.classes.values()].flatMap((classes) => Object.values(classes));
  }

  /** The sets used so far, for the page (the server's registry, once the page is rendered). */
  toJSON(): PageClassSets {
    return Object.fromEntries(this.classes);
  }
}

/** The classes the server wrote into the page; empty when there are none (or in `vite dev`). */
export function readClassSets(): PageClassSets {
  return readPageJson<PageClassSets>(CLASS_SETS_ELEMENT_ID);
}

const RegistryContext = createContext<ClassSetRegistry | null>(null);

export function ClassSetsProvider({
  registry,
  children,
}: {
  registry: ClassSetRegistry;
  children: ReactNode;
}) {
  return <RegistryContext value={registry}>{children}</RegistryContext>;
}

/**
 * The classes of `set`: the page's when it carries them, else resolved now (once), which in the
 * browser waits for the style system to load (the component suspends meanwhile).
 */
export function useClassSet<K extends string>(set: ClassSet<K>): Record<K, string> {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useClassSet outside ClassSetsProvider');
  return registry.known(set) ?? registry.resolve(set, readStyleSystem(registry.source));
}
