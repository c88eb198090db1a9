/**
 * The brand's Markdown (terms, content pages, the FAQ, pop-ups) as sanitised HTML: `marked`
 * renders it (raw HTML shown as text, images as their alt text), then `sanitize-html` keeps only
 * an allowlist of text elements and link attributes. Links: http(s) and mailto open in a new tab;
 * site paths (`/pt/…`) stay in the shop; anything else (javascript:, data:) is dropped to its text.
 */
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '#server/html.ts';

const EXTERNAL = /^(https?:|mailto:)/i;
const SITE_PATH = /^\/(?!\/)/;

const marked = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (EXTERNAL.test(token.href)) {
        return `<a href="${escapeHtml(token.href)}" rel="noopener noreferrer" target="_blank">${text}</a>`;
      }
      if (SITE_PATH.test(token.href)) return `<a href="${escapeHtml(token.href)}">${text}</a>`;
      return text;
    },
    image(token: Tokens.Image) {
      return escapeHtml(token.text);
    },
  },
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'a',
    'code',
    'pre',
    'blockquote',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
};

/** Sanitised HTML of Markdown. */
export function markdownToHtml(markdown: string): string {
  return sanitizeHtml((marked.parse(markdown, { async: false }) as string).trim(), ALLOWED);
}

/** The tokens of Markdown (to split a document by its headings). */
export function markdownTokens(markdown: string): Token[] {
  return marked.lexer(markdown);
}

/** Sanitised HTML of block tokens. */
export function tokensToHtml(tokens: Token[]): string {
  return sanitizeHtml(marked.parser(tokens).trim(), ALLOWED);
}

/** The plain text of inline Markdown (a heading's text). */
export function inlineText(token: Tokens.Heading): string {
  return sanitizeHtml(marked.parseInline(token.text, { async: false }) as string, {
    allowedTags: [],
    allowedAttributes: {},
  }).trim();
}
