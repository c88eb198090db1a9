/**
 * POST CustomUserApps/Contato (spec §7): the contact form, handed to `contact.ts`. Anyone may
 * call it; the answer is `no-store`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { siteOrigin } from '#server/accounts/routes.ts';
import type { Db } from '#server/db/client.ts';
import { sendContact } from './contact';

/** The contact route. */
export const contactRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post('/CustomUserApps/Contato', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendContact(
      { db, brand: req.brand, locale: req.locale, ip: req.ip, origin: siteOrigin(req) },
      req.body,
    );
  });
};
