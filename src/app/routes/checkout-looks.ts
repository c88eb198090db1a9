import { buttonLoaderLooks, columnLook, recipeLook } from '#src/components/plain-part-styles.ts';
import { defineClassSet } from '#src/lib/class-sets.tsx';

/**
 * The page's parts as Chakra's Stack, Flex, Grid, Box, Heading and Buttons drew them: its first
 * view (heading, countdown, notices, items, coupon) is plain elements, and its server frame
 * carries their class sets (src/app/page-wide-class-sets.ts), so the browser paints the items
 * without the style system (~38 KiB gzip of code, and most of the render's work). The sections
 * below and the dialogs are Chakra's, inside WithStyleSystem: they come after that paint.
 */
export const CHECKOUT_PAGE = defineClassSet('checkout-page', (system) => ({
  page: columnLook('6'),
  top: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: { base: 'start', sm: 'center' },
    gap: '3',
    flexDirection: { base: 'column', sm: 'row' },
  },
  expiredTop: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    flexWrap: 'wrap',
  },
  title: recipeLook(system, 'heading', { size: '2xl' }, { fontFamily: 'heading' }),
  notices: columnLook('2'),
  grid: {
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
    gap: '6',
    alignItems: 'start',
  },
  column: columnLook('6'),
  box: { bg: 'bg', borderWidth: '1px', borderRadius: 'xl', p: { base: '4', md: '6' } },
  boxTop: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    mb: '4',
    gap: '2',
  },
  boxTitle: recipeLook(system, 'heading', { size: 'lg' }, { fontFamily: 'heading' }),
  cancel: recipeLook(system, 'button', { size: 'xs', variant: 'ghost' }, { colorPalette: 'red' }),
  back: recipeLook(system, 'button'),
  items: columnLook('5'),
  ...buttonLoaderLooks(system),
}));
