import { Box, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One option of a radio group drawn as a card: a native radio (arrow keys move and pick, one
 * Tab stop for the group) inside its label, the whole card clickable, the chosen one outlined
 * in the brand's colour and the focus ring around the card.
 */
export function RadioOption({
  name,
  value,
  checked,
  disabled,
  onSelect,
  testId,
  children,
}: {
  name: string;
  value: string | number;
  checked: boolean;
  disabled?: boolean;
  onSelect(): void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      as="label"
      data-testid={testId}
      display="flex"
      alignItems="center"
      gap="3"
      px="4"
      py="3"
      minH="12"
      borderWidth={checked ? '2px' : '1px'}
      borderColor={checked ? 'brand.solid' : 'border'}
      borderRadius="lg"
      bg={checked ? 'brand.subtle' : 'bg'}
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : 1}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <chakra.input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        boxSize="5"
        flexShrink={0}
        accentColor="brand.solid"
        _focusVisible={{ outline: 'none' }}
      />
      {children}
    </Box>
  );
}
