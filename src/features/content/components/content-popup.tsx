import { Button } from '@chakra-ui/react';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { ModalFrame } from '#src/components/modal-frame.tsx';
import { useConteudo } from '../hooks/use-content';
import { markPopupSeen } from '../hooks/use-due-popup';
import { Prose } from './prose';

/** A content pop-up of the brand (spec §2), shown once: opening it marks it seen. */
export function ContentPopup({ id, onClose }: { id: string; onClose: () => void }) {
  const doc = useConteudo(id);
  const open = doc.data !== undefined;
  useEffect(() => {
    if (open) markPopupSeen(id);
  }, [open, id]);
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      title={doc.data?.titulo}
      testId="content-popup"
      footer={
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      }
    >
      {doc.data ? <Prose html={doc.data.html} /> : null}
    </ModalFrame>
  );
}
