import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { type ApiErrorBody, type ContentSection, FAQ_SLUGS } from '#schemas/contract.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';
import { LoadingState } from '#src/components/loading-state.tsx';
import { Prose } from '#src/features/content/components/prose.tsx';
import { useConteudo, useConteudos, useFaq } from '#src/features/content/hooks/use-content.ts';
import { useCurrentLocale } from '#src/lib/locale.ts';
import { useOwnTitle } from '#src/lib/use-own-title.ts';
import { NotFoundPage } from './not-found';

/**
 * A content page of the brand (Informacoes, Politicas): the page whose slug in this language
 * is the URL's, in the section of the route; under Informacoes, the FAQ slug shows the FAQ.
 * The text is the server's sanitised HTML of the brand's Markdown.
 */
export function ContentPage({ section }: { section: ContentSection }) {
  const { pagina = '' } = useParams();
  const locale = useCurrentLocale();
  const isFaq = section === 'informacoes' && pagina === FAQ_SLUGS[locale];
  const list = useConteudos();
  const page = isFaq
    ? undefined
    : list.data?.find(
        (c) => c.tipo === 'pagina' && c.secoes.includes(section) && c.slugs?.[locale] === pagina,
      );
  const doc = useConteudo(page ? page.id : null);
  const faq = useFaq(isFaq);
  useOwnTitle(isFaq ? faq.data?.titulo : page?.titulo);

  if (isFaq) {
    if (faq.error) return <Failed error={faq.error} onRetry={faq.reload} />;
    if (!faq.data) return <LoadingState page />;
    return (
      <Article title={faq.data.titulo} updated={faq.data.atualizado}>
        <Stack gap="8">
          {faq.data.categorias.map((c) => (
            <Stack as="section" key={c.titulo} gap="3">
              <Heading as="h2" size="lg" fontFamily="heading">
                {c.titulo}
              </Heading>
              {c.perguntas.map((q) => (
                <Box
                  as="details"
                  key={q.pergunta}
                  borderWidth="1px"
                  borderRadius="md"
                  bg="bg"
                  px="4"
                  py="3"
                  css={{ '& > summary': { cursor: 'pointer', fontWeight: 'semibold' } }}
                >
                  <summary>{q.pergunta}</summary>
                  <Prose html={q.resposta} mt="3" />
                </Box>
              ))}
            </Stack>
          ))}
        </Stack>
      </Article>
    );
  }
  if (list.error) return <Failed error={list.error} onRetry={list.reload} />;
  if (!list.data) return <LoadingState page />;
  if (!page) return <NotFoundPage />;
  if (doc.error) return <Failed error={doc.error} onRetry={doc.reload} />;
  if (!doc.data) return <LoadingState page />;
  return (
    <Article title={doc.data.titulo} updated={doc.data.atualizado}>
      <Prose html={doc.data.html} />
    </Article>
  );
}

function Failed({ error, onRetry }: { error: ApiErrorBody; onRetry: () => void }) {
  return <ErrorAlert message={<ErrorMessage error={error} />} onRetry={onRetry} />;
}

function Article({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string | null;
  children: React.ReactNode;
}) {
  return (
    <Stack as="article" gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl" fontFamily="heading">
          {title}
        </Heading>
        {updated ? (
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage
              id="content.updated"
              values={{
                date: (
                  <FormattedDate
                    value={`${updated}T12:00:00Z`}
                    dateStyle="long"
                    timeZone="America/Sao_Paulo"
                  />
                ),
              }}
            />
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** Route Informacoes (spec §2): the brand's information pages and the FAQ. */
export function InformacoesPage() {
  return <ContentPage section="informacoes" />;
}

/** Route Politicas (spec §2): the brand's policies. */
export function PoliticasPage() {
  return <ContentPage section="politicas" />;
}
