import { Button, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '#src/lib/messages.d.ts';
import { useSession } from '#src/lib/session-store.ts';
import { openLogin } from '#src/lib/ui-stores.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { LoadingState } from './loading-state';
import { Notice } from './notice';

/**
 * The frame of a page of the logged-in person (Perfil, MeusPedidos): its heading, then the
 * person's content. The server (and the first render in the browser) shows the heading and a
 * loading frame of the page's size, since whose data to show is known only in the browser; a
 * visitor who is not logged in gets the invitation to sign in.
 */
export function PrivatePage({
  title,
  loginPrompt,
  testId,
  children,
}: {
  title: MessageId;
  /** Why to sign in here (`orders.loginPrompt`). */
  loginPrompt: MessageId;
  /** Of the sign-in invitation: `<testId>-login`. */
  testId: string;
  /** The person's content, rendered only in the browser with a session. */
  children: () => ReactNode;
}) {
  const { loggedIn } = useSession();
  const hydrated = useHydrated();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl" fontFamily="heading">
        <FormattedMessage id={title} />
      </Heading>
      {!hydrated ? <LoadingState page /> : null}
      {hydrated && !loggedIn ? (
        <Notice
          testId={`${testId}-login`}
          action={
            <Button onClick={() => openLogin()}>
              <FormattedMessage id="header.login" />
            </Button>
          }
        >
          <FormattedMessage id={loginPrompt} />
        </Notice>
      ) : null}
      {hydrated && loggedIn ? children() : null}
    </Stack>
  );
}
