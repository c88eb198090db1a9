import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody } from '#schemas/contract.ts';
import { NETWORK_ERROR_CODE } from '#src/api/api-error.ts';

/**
 * The error's own message, or a localized one when it has none: the unreachable server's (a
 * network failure), else a generic one.
 */
export function ErrorMessage({ error }: { error: ApiErrorBody | null | undefined }) {
  if (error?.message) return error.message;
  return (
    <FormattedMessage
      id={error?.code === NETWORK_ERROR_CODE ? 'maintenance.body' : 'error.generic'}
    />
  );
}
