import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';

// The looks of Chakra's Link and Icon for plain elements that a repeated part (the header, the
// footer, an event card) styles once with nested selectors, instead of each element resolving
// its styles as the page hydrates.

/** A column of Chakra's Stack (`gap` a spacing token): its look for a plain element. */
export const columnLook = (gap: string) =>
  ({ display: 'flex', flexDirection: 'column', gap }) as const satisfies SystemStyleObject;

/** Chakra's Link recipe's base, without its colour and focus ring (see {@link focusRing}). */
export const LINK_BASE = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  cursor: 'pointer',
  outline: 'none',
} as const satisfies SystemStyleObject;

/** Chakra's `focusVisibleRing: 'outside'`, in `color`. */
export function focusRing(color: string): SystemStyleObject {
  return {
    _focusVisible: {
      outlineWidth: '2px',
      outlineOffset: '2px',
      outlineStyle: 'solid',
      outlineColor: color,
    },
  };
}

/** Chakra's Icon recipe at `boxSize="4"`, for icons.tsx's `Glyph` (`[data-glyph]`). */
export const GLYPH_4 = {
  display: 'inline-block',
  boxSize: '4',
  lineHeight: '1em',
  flexShrink: '0',
  verticalAlign: 'middle',
} as const satisfies SystemStyleObject;

/**
 * A Chakra component's look for a plain element, in a class set (src/lib/class-sets.tsx): the
 * recipe's styles for `variants` (its defaults for the rest), then the element's own, merged as
 * the component merges its recipe and its style props. With the recipe's class name beside the
 * set's class (`chakra-button`, `chakra-icon`), the element is styled as the component was.
 */
export function recipeLook(
  system: SystemContext,
  recipe:
    | 'badge'
    | 'button'
    | 'icon'
    | 'heading'
    | 'text'
    | 'container'
    | 'skipNavLink'
    | 'spinner'
    | 'separator',
  variants: Record<string, string> = {},
  own: SystemStyleObject = {},
): SystemStyleObject[] {
  return [system.getRecipeFn(recipe)(variants), own];
}

/** {@link recipeLook} for one part (`slot`) of a slot recipe's component (Card.Root: 'card', 'root'). */
export function slotRecipeLook(
  system: SystemContext,
  recipe: 'alert' | 'card',
  slot: string,
  variants: Record<string, string> = {},
  own: SystemStyleObject = {},
): SystemStyleObject[] {
  const slots = system.getSlotRecipeFn(recipe)(variants) as Record<string, SystemStyleObject>;
  return [slots[slot] ?? {}, own];
}

/**
 * Chakra's Button's loader (its `loading`) for a plain button: a spinner centred over the label,
 * which stays, hidden, so the button keeps its size. The parts' looks for a class set; the
 * markup is button-loader.tsx's.
 */
export function buttonLoaderLooks(system: SystemContext) {
  return {
    loader: { display: 'contents' },
    // Chakra's AbsoluteCenter (its own `cva`, axis both), shown inline.
    loaderCenter: [
      system.cva({
        base: {
          position: 'absolute',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
        variants: {
          axis: {
            both: {
              insetStart: '50%',
              top: '50%',
              translate: '-50% -50%',
              _rtl: { translate: '50% -50%' },
            },
          },
        },
        defaultVariants: { axis: 'both' },
      })({}),
      { display: 'inline-flex' },
    ],
    loaderSpinner: recipeLook(
      system,
      'spinner',
      { size: 'inherit' },
      { borderWidth: '0.125em', color: 'inherit' },
    ),
    loaderLabel: { visibility: 'hidden', display: 'contents' },
  } satisfies Record<string, SystemStyleObject | SystemStyleObject[]>;
}

export type ButtonLoaderClasses = Record<keyof ReturnType<typeof buttonLoaderLooks>, string>;

/**
 * Chakra's Center at a minimum height: its factory's base style through `cva`, as the component
 * resolves it (in the recipes' cascade layer, hence the same class), then the height.
 */
export function centerLook(system: SystemContext, minH: string): SystemStyleObject[] {
  return [
    system.cva({ base: { display: 'flex', alignItems: 'center', justifyContent: 'center' } })({}),
    { minH },
  ];
}

/** Chakra's VisuallyHidden: its factory's base style, through `cva` as the component has it. */
export function visuallyHiddenLook(system: SystemContext): SystemStyleObject {
  return system.cva({
    base: {
      border: '0',
      clip: 'rect(0, 0, 0, 0)',
      height: '1px',
      width: '1px',
      margin: '-1px',
      padding: '0',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      position: 'absolute',
    },
  })({});
}
