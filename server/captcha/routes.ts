/**
 * `GET captcha/challenge`: a signed ALTCHA challenge for the request's brand, answered as
 * `{ result: challenge }`. It is single-use and short-lived, so never cached.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { issueChallenge } from './altcha';

/** Captcha routes. */
export const captchaRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  if (!process.env.CAPTCHA_HMAC_KEY?.trim()) {
    app.log.info(
      'CAPTCHA_HMAC_KEY is not set: the captcha key is generated and kept in the database',
    );
  }

  app.get('/captcha/challenge', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { result: await issueChallenge(db, req.brand) };
  });
};
