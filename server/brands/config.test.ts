import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '#schemas/contract.ts';
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
  cardCampaign: true,
  vouchers: true,
  installments: true,
  cotacao: true,
};

describe('publicConfig', () => {
  it('has exactly the fields of BrandConfig, with the id and version given', async () => {
    const [b] = await loadBrands(path.join(fixtures, 'valid'));
    const config = publicConfig(b!, '1.2.3');
    // The fixture runs no card-brand campaign and sets no rates: those optional fields are absent.
    const expected = Object.keys(CONFIG_KEYS).filter(
      (k) => k !== 'cardCampaign' && k !== 'cotacao',
    );
    expect(Object.keys(config).sort()).toEqual(expected.sort());
    expect(config.id).toBe(b!.id);
    expect(config.version).toBe('1.2.3');
    expect(config.theme).toEqual(b!.brand.theme);
    expect(config.support).toEqual(b!.brand.support);
    expect(config.installments.max).toBe(b!.brand.payments.maxInstallments);
    expect(config.installments.minValue).toBe(b!.brand.payments.minInstallmentValue);
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

  it("carries the card-brand campaign's name, card prefixes and dates when the brand runs one", async () => {
    const [b] = await loadBrands(path.join(fixtures, 'valid'));
    const cardCampaign = {
      name: { 'pt-BR': 'cartões X', 'es-ES': 'tarjetas X', 'en-US': 'X cards' },
      bins: ['555555'],
      until: '2027-01-01T00:00:00-03:00',
    };
    const brand = {
      ...b!,
      brand: { ...b!.brand, payments: { ...b!.brand.payments, cardCampaign } },
    };
    const config = publicConfig(brand, '1');
    expect(config.cardCampaign).toEqual(cardCampaign);
    expect(JSON.stringify(config)).not.toContain('acceptedBrands');
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
