/**
 * A brand's third-party chat (brand.json `support.chatWidget`): what its Content-Security-Policy
 * must allow (server/plugins/security.ts adds it to that brand's pages only) and what the loader
 * refuses. The storefront injects the script only when the visitor asks for the chat
 * (src/features/support), never before.
 */
import type { BrandFile } from './brand.generated';
import type { CspSources } from './trackers';

/** brand.json `support.chatWidget` (its shape: schemas/brand.schema.json). */
export type ChatWidget = NonNullable<BrandFile['support']['chatWidget']>;

/** The CSP sources a chat widget needs: its hosts for scripts, calls (also websockets), frames and images. */
export function chatWidgetCspSources(widget: ChatWidget | undefined): CspSources {
  if (!widget) return {};
  const https = widget.hosts.map((h) => `https://${h}`);
  return {
    'script-src': https,
    'connect-src': [...https, ...widget.hosts.map((h) => `wss://${h}`)],
    'frame-src': https,
    'img-src': https,
  };
}

/** What is wrong with the widget, as [JSON pointer under `chatWidget`, reason]. */
export function chatWidgetProblems(widget: ChatWidget): [string, string][] {
  let url: URL;
  try {
    url = new URL(widget.scriptUrl);
  } catch {
    return [['/scriptUrl', 'is not a URL']];
  }
  if (url.protocol !== 'https:') return [['/scriptUrl', 'must be an https:// address']];
  if (url.username || url.password) return [['/scriptUrl', 'must not carry a user or password']];
  if (url.port) return [['/scriptUrl', 'must not name a port (the CSP allows the hosts on 443)']];
  const hosts = widget.hosts.map((h) => h.toLowerCase());
  if (!hosts.includes(url.hostname)) {
    return [
      ['/scriptUrl', `its host "${url.hostname}" must be one of hosts (${hosts.join(', ')})`],
    ];
  }
  return [];
}
