import type { ApiErrorBody, ApiFieldError } from '#schemas/contract.ts';

/** Code of failures that never reached the server (offline, DNS, timeout). */
export const NETWORK_ERROR_CODE = -1;
/** Code of answers that are not the contract's envelope (proxy error page, bad JSON). */
export const BAD_RESPONSE_CODE = -2;

/** The server's error object `{code, message}` as a throwable (spec §8). */
export class ApiError extends Error implements ApiErrorBody {
  readonly code: number;
  readonly fields?: ApiFieldError[];

  constructor(code: number, message: string, fields?: ApiFieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    if (fields) this.fields = fields;
  }

  toJSON(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** `{code, message}` of anything thrown, for machines and views. */
export function toErrorBody(e: unknown): ApiErrorBody {
  if (isApiError(e)) return e.toJSON();
  if (e instanceof Error) return { code: BAD_RESPONSE_CODE, message: e.message };
  return { code: BAD_RESPONSE_CODE, message: String(e) };
}
