/** Text safe inside HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The nonce an HTML answer's inline `<style>` elements carry as written (a cached page is the
 * same for every request); the security plugin replaces it with the answer's CSP nonce.
 */
export const NONCE_PLACEHOLDER = 'csp-nonce-placeholder';

/**
 * A small server-made HTML page (the dev mailbox, the sandbox identity provider): not indexed,
 * one `<main>`, its own style sheet. `titleHtml` and `body` are HTML already escaped by the caller.
 */
export function htmlPage(p: {
  lang: string;
  titleHtml: string;
  style: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(p.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${p.titleHtml}</title>
<style nonce="${NONCE_PLACEHOLDER}">${p.style}</style>
</head>
<body>
<main>
${p.body}
</main>
</body>
</html>
`;
}
