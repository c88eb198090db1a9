import { Toaster as ChakraToaster, createToaster, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { registerToaster } from './notify';
import { Toast } from './toast';

/** The shop's one toaster (snackbars of spec §9: 5000 ms by default). */
export const toaster = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  duration: 5000,
  // Below the sticky header (its height is published by the header), never over it.
  offsets: {
    top: 'calc(var(--header-height, 4rem) + 0.5rem)',
    bottom: '1rem',
    left: '1rem',
    right: '1rem',
  },
  max: 3,
});

/** The same notice shown again refreshes the one on screen instead of piling up. */
export function noticeId(notice: { type: string; description: string }): string {
  return `${notice.type}:${notice.description}`;
}

export function AppToaster() {
  const intl = useIntl();
  useEffect(() => {
    // The toast group starts listening to the store after mounting; queued notices wait a
    // moment longer so the first one is not lost.
    const timer = setTimeout(() => {
      registerToaster((notice) => {
        toaster.create({
          id: noticeId(notice),
          ...notice,
          ...(notice.duration ? { duration: notice.duration } : {}),
        });
      });
    }, 50);
    return () => {
      clearTimeout(timer);
      registerToaster(null);
    };
  }, []);
  return (
    <ChakraToaster
      toaster={toaster}
      insetInline={{ mdDown: '4' }}
      aria-label={intl.formatMessage({ id: 'toast.region' })}
    >
      {(toast) => (
        // Chakra's success and error fills are too light for white text (WCAG AA 4.5:1), and
        // its description is dimmed: one shade darker, full opacity.
        <Toast.Root
          width={{ md: 'md' }}
          css={{
            '&[data-type=success]': { bg: 'green.700' },
            '&[data-type=error]': { bg: 'red.700' },
            '&[data-type=warning]': { bg: 'orange.700' },
            '& [data-part=description]': { opacity: 1 },
          }}
        >
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
            {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          </Stack>
          <Toast.CloseTrigger aria-label={intl.formatMessage({ id: 'common.close' })} />
        </Toast.Root>
      )}
    </ChakraToaster>
  );
}
