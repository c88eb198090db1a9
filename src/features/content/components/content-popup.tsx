import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useConteudo } from '../hooks/use-content';
import { markPopupSeen } from '../hooks/use-due-popup';
import { Prose } from './prose';

/** A content pop-up of the brand (spec §2), shown once: opening it marks it seen. */
export function ContentPopup({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const doc = useConteudo(id);
  const open = doc.data !== undefined;
  useEffect(() => {
    if (open) markPopupSeen(id);
  }, [open, id]);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="content-popup" mx="4">
            <Dialog.Header>
              <Dialog.Title>{doc.data?.titulo}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{doc.data ? <Prose html={doc.data.html} /> : null}</Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>
                <FormattedMessage id="common.close" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
