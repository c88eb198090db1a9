import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandAssetFile, brandAssetUrl } from './assets';

const b = { dir: path.resolve('/srv/brands/some-brand') };
const assets = path.join(b.dir, 'assets');

describe('brand assets', () => {
  it('maps a /brand-assets/ URL or an assets-relative path to the file', () => {
    expect(brandAssetFile(b, '/brand-assets/logo.svg')).toBe(path.join(assets, 'logo.svg'));
    expect(brandAssetFile(b, 'events/visit.svg')).toBe(path.join(assets, 'events', 'visit.svg'));
    expect(brandAssetFile(b, '/brand-assets/a%20b.svg')).toBe(path.join(assets, 'a b.svg'));
  });

  it('refuses anything that leaves the assets folder', () => {
    for (const bad of [
      '/brand-assets/../brand.json',
      '/brand-assets/%2e%2e/brand.json',
      '/brand-assets/',
      '../catalog.json',
      '/etc/passwd',
      '/brand-assets/%E0%A4%A',
      '/brand-assets/..\\brand.json',
    ]) {
      expect(brandAssetFile(b, bad), bad).toBeNull();
    }
  });

  it('builds the URL of a catalog image', () => {
    expect(brandAssetUrl('events/visit.svg')).toBe('/brand-assets/events/visit.svg');
  });
});
