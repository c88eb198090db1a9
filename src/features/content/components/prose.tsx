import { Box } from '@chakra-ui/react';

/** Sanitised HTML from the server (server/content/markdown.ts), with readable spacing. */
export function Prose({ html, mt }: { html: string; mt?: string }) {
  return (
    <Box
      mt={mt}
      lineHeight="tall"
      css={{
        '& p, & ul, & ol, & blockquote, & table, & pre': { marginBottom: '4' },
        '& h2': { fontSize: 'xl', fontWeight: 'semibold', marginTop: '6', marginBottom: '2' },
        '& h3': { fontSize: 'lg', fontWeight: 'semibold', marginTop: '4', marginBottom: '2' },
        '& ul': { listStyleType: 'disc', paddingInlineStart: '6' },
        '& ol': { listStyleType: 'decimal', paddingInlineStart: '6' },
        '& li': { marginBottom: '1' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& strong': { fontWeight: 'semibold' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (allowlist).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
