import { Button, Portal, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { setMaintenance, useMaintenance } from '#src/lib/ui-stores.ts';
import { Dialog } from './dialog';

/** Shown when the API cannot be reached (network failure, spec §7). */
export function MaintenanceModal() {
  const open = useMaintenance();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => setMaintenance(e.open)}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="maintenance-modal">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="maintenance.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                <FormattedMessage id="maintenance.body" />
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setMaintenance(false)}>
                <FormattedMessage id="common.close" />
              </Button>
              <Button onClick={() => window.location.reload()}>
                <FormattedMessage id="common.retry" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
