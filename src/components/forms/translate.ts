import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '#src/lib/messages.d.ts';

/** The enum member's name of each RJSF string (`'Add Item'` → `AddItemButton`). */
const NAMES = new Map<string, string>(
  Object.entries(TranslatableString).map(([name, value]) => [value as string, name]),
);

/**
 * RJSF's own strings (array buttons, "Errors", "Yes"/"No"…) as our messages
 * `formui.rjsf.<EnumName>`, with `%1`, `%2` passed as `{p1}`, `{p2}`. A string without a
 * message falls back to RJSF's English.
 */
export function createTranslateString(intl: IntlShape) {
  return (key: TranslatableString, params?: string[]): string => {
    const id = `formui.rjsf.${NAMES.get(key) ?? key}`;
    if (!Object.hasOwn(intl.messages, id)) return englishStringTranslator(key, params);
    const values = Object.fromEntries((params ?? []).map((p, i) => [`p${i + 1}`, p]));
    return intl.formatMessage({ id: id as MessageId }, values);
  };
}
