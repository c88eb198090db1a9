/**
 * The brand's content over HTTP (spec §7): `GET cms/conteudos` (every page and the pop-ups in
 * force), `GET cms/conteudo/{id}` (one, as sanitised HTML) and `GET SAC/perguntas-frequentes`
 * (the FAQ), each in the request's language (`lang`). See ./pages.ts for the files.
 */
import type { FastifyPluginAsync } from 'fastify';
import { todayInSaoPaulo } from '#server/brands/schedule.ts';
import { errorBody } from '#server/plugins/envelope.ts';
import { contentOf, conteudo, conteudos, faqOf } from './pages';

export const contentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/cms/conteudos', async (req) => ({
    result: conteudos(await contentOf(req.brand), req.locale, todayInSaoPaulo()),
  }));

  app.get<{ Params: { id: string } }>('/cms/conteudo/:id', async (req, reply) => {
    const found = conteudo(await contentOf(req.brand), req.params.id, req.locale);
    if (!found) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    return { result: found };
  });

  app.get('/SAC/perguntas-frequentes', async (req, reply) => {
    const { faq } = await contentOf(req.brand);
    if (!faq) return reply.code(404).send(errorBody(req, 0, 'error.notFound'));
    return { result: faqOf(faq[req.locale]) };
  });
};
