/**
 * The envelope of errors (spec §7/§8): every error answers `{ error: { code, message } }` with a
 * message in the request's language. Business errors (AppError) and bad input answer HTTP 200
 * (the storefront reads the body); unknown API paths answer 404; anything unexpected is logged
 * and answers code 0 'error.internal' with HTTP 500. Bad input never produces a 500.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '#schemas/contract.ts';
import { AppError, OutcomeError } from '#server/errors.ts';
import { type MessageId, t } from '#server/i18n.ts';

const localeOf = (req: FastifyRequest): Locale => req.locale ?? 'pt-BR';

/** The error body of a message id in the request's language. */
export function errorBody(
  req: FastifyRequest,
  code: number,
  id: MessageId,
  values?: Record<string, string | number>,
) {
  return { error: { code, message: t(localeOf(req), id, values) } };
}

/** Installs the error handler and the 404 handler of `app`. */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof OutcomeError) return reply.code(200).send({ error: err.body });
    if (err instanceof AppError) {
      const body = errorBody(req, err.code, err.messageId, err.values);
      if (err.field === undefined) return reply.code(err.httpStatus).send(body);
      const fields = [{ field: err.field, id: err.messageId, message: body.error.message }];
      return reply.code(err.httpStatus).send({ error: { ...body.error, fields } });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 404) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, schema validation, body too large: bad input.
      req.log.info({ err }, 'bad request');
      return reply.code(200).send(errorBody(req, 0, 'error.badParams'));
    }
    // The visitor left while the answer streamed (a closed tab, a cancelled prefetch): no fault.
    const gone = (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (gone) req.log.info({ err }, 'client closed the connection');
    else req.log.error({ err }, 'unexpected error');
    return reply.code(500).send(errorBody(req, 0, 'error.internal'));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(errorBody(req, 0, 'error.notFound'));
  });
}
