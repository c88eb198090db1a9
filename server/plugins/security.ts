/**
 * Security headers, CORS and compression.
 *
 * CSP: scripts only from this origin (no inline script, no 'unsafe-eval'; the brand config in
 * index.html is `type="application/json"`, which is data, not script); style elements from this
 * origin or carrying the answer's nonce (a server-rendered page's emotion styles, and the
 * browser's emotion, which reads the nonce from `<meta property="csp-nonce">`); style
 * attributes inline (components position popovers with them); images from this origin and data: URLs;
 * fetch/XHR to this origin. A brand whose captcha is reCAPTCHA also allows Google's reCAPTCHA
 * script and iframe (server/captcha/csp.ts); ALTCHA needs nothing more. A brand that configures
 * trackers (brand.json `analytics`: GA4, Tag Manager, Meta Pixel) also allows their hosts
 * (schemas/trackers.ts), which the storefront loads only after the visitor's consent; a brand
 * without them allows none. A brand with a third-party chat (brand.json `support.chatWidget`)
 * allows its hosts (schemas/chat-widget.ts), whose script loads only when a visitor asks for
 * the chat.
 *
 * CORS ({@link installCors}): only the brand's own origins may call the API from a browser: its
 * public origin and its hosts on any port (server/brands/origin.ts); a foreign Origin gets no
 * Access-Control-Allow-Origin. Auth is a bearer header, not a cookie, so no credentials mode is
 * needed. `Authorization` is exposed so the storefront can read the refreshed token.
 *
 * HSTS: Strict-Transport-Security only on an answer to an https request: TLS on this socket, or
 * a proxy of TRUST_PROXY saying X-Forwarded-Proto: https. Over plain http (development, a
 * proxy not trusted) a browser would ignore it anyway, and a forged header must not pin a host.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { LoadedBrand } from '#schemas/brand.types.ts';
import { chatWidgetCspSources } from '#schemas/chat-widget.ts';
import { type CspSources, mergeCspSources, trackerCspSources } from '#schemas/trackers.ts';
import { isBrandOrigin } from '#server/brands/origin.ts';
import { RECAPTCHA_SOURCES, withCspSources } from '#server/captcha/csp.ts';
import { captchaProvider } from '#server/captcha/provider.ts';
import { NONCE_PLACEHOLDER } from '#server/html.ts';

/**
 * The security headers of a JSON API answer, the same for every answer: written at once by the
 * API routes that opt out of helmet (`helmet: false`), which would otherwise rebuild its
 * middleware and draw two CSP nonces for each answer. A JSON answer loads nothing, so its CSP
 * allows nothing.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Registers helmet, compression and the CORS hooks on `app`. */
export async function installSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // helmet adds the answer's nonce; browsers that know nonces then ignore 'unsafe-inline'
        // for style elements, older ones fall back to it.
        styleSrc: ["'self'", "'unsafe-inline'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    // Assets (logos, the tokenizer script) may be loaded by a storefront on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Sent by the hook below, only over https.
    strictTransportSecurity: false,
    enableCSPNonces: true,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
  // Before compression: HTML written with the nonce placeholder gets this answer's nonce.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (typeof payload !== 'string' || !payload.includes(NONCE_PLACEHOLDER)) return payload;
    const nonce = (reply as { cspNonce?: { style?: string } }).cspNonce?.style ?? '';
    return payload.replaceAll(NONCE_PLACEHOLDER, nonce);
  });
  await app.register(compress, { global: true, threshold: 1024 });

  // A brand whose captcha is reCAPTCHA loads Google's script and iframe, a brand with trackers
  // their scripts and endpoints, a brand with a third-party chat its hosts: only its pages get
  // those sources (helmet wrote the header on the raw response). A brand's own sources are
  // worked out once per loaded brand (a changed brand folder is a new object), not on every
  // answer: the hook runs for each API call too. The captcha's depend on the server's settings
  // as well, so they are added as the answer goes.
  const brandSources = new WeakMap<LoadedBrand, CspSources>();
  const ownSources = (brand: LoadedBrand): CspSources => {
    let sources = brandSources.get(brand);
    if (!sources) {
      sources = mergeCspSources(
        trackerCspSources(brand.brand.analytics),
        chatWidgetCspSources(brand.brand.support.chatWidget),
      );
      brandSources.set(brand, sources);
    }
    return sources;
  };
  app.addHook('onSend', async (req, reply) => {
    if (!req.brand) return;
    const own = ownSources(req.brand);
    const sources =
      captchaProvider(req.brand) === 'recaptcha' ? mergeCspSources(RECAPTCHA_SOURCES, own) : own;
    if (Object.keys(sources).length === 0) return;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.raw.setHeader('content-security-policy', withCspSources(csp, sources));
    }
  });
}

/** The Strict-Transport-Security of an https answer. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Registers the CORS hooks on `app`: after the request context, since the allowed origins are
 * those of the request's brand.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    reply.header('Vary', 'Origin');
    if (typeof origin === 'string' && isBrandOrigin(req.brand, origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', 'Authorization');
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header(
          'Access-Control-Allow-Headers',
          req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
        )
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
      return reply;
    }
  });
}
