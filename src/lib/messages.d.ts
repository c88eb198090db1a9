import type ptBR from '../../locales/pt-BR.json';

/** Every message id is a key of the source locale: a typo or missing key fails the typecheck. */
export type MessageId = keyof typeof ptBR;

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
