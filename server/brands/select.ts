import type { LoadedBrand } from '#schemas/brand.types.ts';

/**
 * The host name of a Host header value: the first of a comma-separated list, without port,
 * IPv6 brackets or a trailing dot, in lower case. Empty when there is none.
 */
export function normalizeHost(host: string | undefined): string {
  let h = (host ?? '').split(',')[0]!.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end === -1 ? h.slice(1) : h.slice(1, end);
  } else if (h.indexOf(':') !== -1 && h.indexOf(':') === h.lastIndexOf(':')) {
    h = h.slice(0, h.indexOf(':'));
  }
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/**
 * The brand that answers on `host` (a Host header: the port is ignored, case does not matter).
 * When no brand lists the host: the brand marked `default`, else the first brand.
 * @throws Error when `brands` is empty (the loader never returns an empty list).
 */
export function brandForHost(
  brands: readonly LoadedBrand[],
  host: string | undefined,
): LoadedBrand {
  const first = brands[0];
  if (!first) throw new Error('brandForHost: no brands loaded');
  const name = normalizeHost(host);
  if (name !== '') {
    const hit = brands.find((b) => b.brand.hosts.some((h) => h.toLowerCase() === name));
    if (hit) return hit;
  }
  return brands.find((b) => b.brand.default === true) ?? first;
}
