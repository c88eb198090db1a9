/**
 * Errors the API answers as `{ error: { code, message } }`. A handler throws {@link AppError}
 * with a message id; the envelope localizes it in the request's language.
 */
import { ErrorCode } from '#schemas/contract.ts';
import type { MessageId } from '#server/i18n.ts';

/**
 * A business error: answered with HTTP 200 (or `httpStatus`) and the localized message. It is an
 * answer, not a fault: nothing logs it, and its message id says where it comes from, so it is
 * made without a stack trace (capturing one through a request's async frames cost more than the
 * rest of a refused hold's JavaScript).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: number,
    readonly messageId: MessageId,
    readonly httpStatus = 200,
    /** Values of the message's ICU arguments (`{n}`). */
    readonly values?: Record<string, string | number>,
    /** The form's field the error is about (see {@link fieldError}). */
    readonly field?: string,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(messageId);
    Error.stackTraceLimit = limit;
  }
}

/** Code 0 with a message: the storefront shows it. */
export const generic = (id: MessageId, values?: Record<string, string | number>): AppError =>
  new AppError(ErrorCode.Generic, id, 200, values);

/** Code 1: the session is missing or invalid where one is required. */
export const sessionInvalid = (): AppError =>
  new AppError(ErrorCode.SessionInvalid, 'error.sessionInvalid');

/**
 * Code 0 about one field of the form (`.email`, `._recaptcha`): the answer's `fields` names it,
 * so the storefront shows the message beside that field.
 */
export const fieldError = (id: MessageId, field: string): AppError =>
  new AppError(ErrorCode.Generic, id, 200, undefined, field);

/** Code 0 'error.badParams'. */
export const badParams = (): AppError => generic('error.badParams');

/**
 * A business error whose body is already made (a form's field errors, a term to accept): sent
 * as it is.
 */
export class OutcomeError extends Error {
  override readonly name = 'OutcomeError';
  constructor(readonly body: { code: number; message: string }) {
    super(body.message);
  }
}
