import { Center, Spinner } from '@chakra-ui/react';

/** While the language's messages load there is no text to say; the region is marked busy. */
export function BootSpinner() {
  return (
    <Center minH="100dvh" aria-busy="true">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
    </Center>
  );
}
