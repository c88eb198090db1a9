import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../schemas/contract';
import { publicConfig } from './config';
import { loadBrands } from './loader';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

// Every key of BrandConfig, checked by the compiler against the interface.
const CONFIG_KEYS: Record<keyof BrandConfig, true> = {
  id: true,
  version: true,
  title: true,
  description: true,
  keywords: true,
  favicon: true,
  logos: true,
  theme: true,
  multiLanguage: true,
  locales: true,
  defaultLocale: true,
  captcha: true,
  analytics: true,
  regrasDoNegocio: true,
  carrinhoLocal: true,
  editarEndereco: true,
  editarEnderecoCadastro: true,
  support: true,
};

describe('publicConfig', () => {
  it('has exactly the fields of BrandConfig, with the id and version given', async () => {
    const [b] = await loadBrands(path.join(fixtures, 'valid'));
    const config = publicConfig(b!, '1.2.3');
    expect(Object.keys(config).sort()).toEqual(Object.keys(CONFIG_KEYS).sort());
    expect(config.id).toBe(b!.id);
    expect(config.version).toBe('1.2.3');
    expect(config.theme).toEqual(b!.brand.theme);
    expect(config.support).toEqual(b!.brand.support);
    const json = JSON.stringify(config);
    for (const secret of [
      'hosts',
      'payments',
      'holdMinutes',
      'holdExtensions',
      'maxItemsPerOrder',
      'sandbox',
      '$schema',
    ]) {
      expect(json).not.toContain(secret);
    }
  });

  it('shares no objects with the loaded brand', async () => {
    const [b] = await loadBrands(path.join(fixtures, 'valid'));
    const config = publicConfig(b!, '1');
    config.theme.colors.primary = '#000000';
    config.locales.push('en-US');
    expect(b!.brand.theme.colors.primary).toBe('#123456');
    expect(b!.brand.locales).toHaveLength(3);
  });
});
