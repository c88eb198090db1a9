import path from 'node:path';
import type { LoadedBrand } from '#schemas/brand.types.ts';

/**
 * URL prefix under which a brand's `assets/` folder is served. brand.json names its logos and
 * favicon as `/brand-assets/<file>`; catalog.json names event images relative to `assets/`.
 */
export const BRAND_ASSETS_PREFIX = '/brand-assets/';

/** The URL path of a file inside the brand's `assets/` folder (a catalog `imagem`). */
export function brandAssetUrl(assetPath: string): string {
  return BRAND_ASSETS_PREFIX + assetPath.replace(/^\/+/, '');
}

/**
 * The absolute file of a `/brand-assets/...` URL path (or of a path relative to `assets/`),
 * or null when it would leave the brand's `assets/` folder. It does not check that the file
 * exists. Use it to serve assets: the brand comes from the request's host.
 */
export function brandAssetFile(brand: Pick<LoadedBrand, 'dir'>, urlOrPath: string): string | null {
  const rel = urlOrPath.startsWith(BRAND_ASSETS_PREFIX)
    ? urlOrPath.slice(BRAND_ASSETS_PREFIX.length)
    : urlOrPath;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = path.resolve(brand.dir, 'assets');
  const file = path.resolve(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}
