import type { LoadedBrand } from '#schemas/brand.types.ts';
import type { BrandConfig } from '#schemas/contract.ts';
import { captchaProvider } from '#server/captcha/provider.ts';

/**
 * The configuration the storefront receives (`CustomUserApps/Configs` and the JSON inlined in
 * index.html): the public fields of brand.json only. Hosts, the default flag, hold time, order
 * limits and payment settings stay on the server. The result shares no objects with `b`.
 */
export function publicConfig(b: LoadedBrand, version: string): BrandConfig {
  const f = b.brand;
  const config: BrandConfig = {
    id: b.id,
    version,
    title: f.title,
    description: f.description,
    keywords: f.keywords,
    favicon: f.favicon,
    logos: f.logos,
    theme: f.theme,
    multiLanguage: f.multiLanguage,
    locales: f.locales,
    defaultLocale: f.defaultLocale,
    // The provider really in use on this server (never the secret, which stays in the env).
    captcha: { ...f.captcha, provider: captchaProvider(b) },
    analytics: f.analytics,
    regrasDoNegocio: f.regrasDoNegocio,
    carrinhoLocal: f.carrinhoLocal,
    editarEndereco: f.editarEndereco,
    editarEnderecoCadastro: f.editarEnderecoCadastro,
    // The contact form's inbox is the operator's business, not the visitor's.
    support: {
      email: f.support.email,
      phone: f.support.phone,
      whatsapp: f.support.whatsapp,
      chat: f.support.chat,
      hours: f.support.hours,
    },
    installments: {
      max: f.payments.maxInstallments,
      minValue: f.payments.minInstallmentValue,
      // Without an interest rate every option is interest-free.
      interestFree:
        f.payments.monthlyInterestRate === undefined
          ? f.payments.maxInstallments
          : Math.min(f.payments.interestFreeInstallments ?? 1, f.payments.maxInstallments),
    },
  };
  // Partners' vouchers are swapped only where the brand has voucher batches (vouchers/).
  config.vouchers = (b.vouchers?.length ?? 0) > 0;
  if (f.support.openingHours) config.support.openingHours = f.support.openingHours;
  if (f.support.chatWidget) config.support.chatWidget = f.support.chatWidget;
  const campaign = f.payments.cardCampaign;
  if (campaign) config.cardCampaign = campaign;
  // The currency modal's rates (rates.json), without the file's $schema.
  if (b.rates && b.rates.cotacoes.length > 0) config.cotacao = b.rates.cotacoes;
  return structuredClone(config);
}
