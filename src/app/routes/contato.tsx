import { Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { ContactForm } from '#src/features/support/components/contact-form.tsx';

/** Contato (spec §2, /contato, /contact): the contact form (spec §3), its own chunk. */
export function ContatoPage() {
  return (
    <Stack gap="6" maxW="2xl">
      <Heading as="h1" size="2xl" fontFamily="heading">
        <FormattedMessage id="page.contact.title" />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id="contact.intro" />
      </Text>
      <ContactForm />
    </Stack>
  );
}
