import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetCarrinhoPageItensResult } from '#schemas/contract.ts';
import { memoryStorage } from '../memory-storage';

// The trackers' chunk, watched: what track.ts hands it is what would leave the page.
const applyConsent = vi.fn();
const send = vi.fn();
vi.mock('./trackers', async () => ({ applyConsent, send, events: await import('./events') }));

const IDS = { googleAnalyticsId: 'G-DEMO123456', googleTagManagerId: '', metaPixelId: '' };
const NONE = { googleAnalyticsId: '', googleTagManagerId: '', metaPixelId: '' };
const PAGE = { origin: 'https://s', pathname: '/pt', search: '?token=x', title: 'Início · Museu' };
const CART = {
  movimentacao: { idmovimentacao: 7, localizador: 'AUR-7' },
  itens: [],
  resumo: { valor: 44, cupom: '', entrega_valor: 0 },
} as unknown as GetCarrinhoPageItensResult;
const FULL_CART = {
  ...CART,
  itens: [
    {
      idevento: 1,
      idproduto: 11,
      dscevento: 'Visita',
      dscproduto: 'Inteira',
      valor: 40,
      taxa: 4,
      valor_sem_desconto: 40,
      tem_cupom: false,
      cupom: '',
    },
  ],
} as unknown as GetCarrinhoPageItensResult;

/** track.ts and consent.ts as a fresh page loads them. */
async function freshPage() {
  vi.resetModules();
  const consent = await import('./consent');
  const track = await import('./track');
  return { ...consent, ...track };
}

/** Lets the dynamic import of the trackers' chunk settle, and what waited for it run. */
const settle = async () => {
  await vi.dynamicImportSettled();
  await new Promise((r) => setTimeout(r, 0));
};

beforeEach(() => {
  applyConsent.mockClear();
  send.mockClear();
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', { addEventListener: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe('the tracking module without consent', () => {
  it('loads nothing and sends nothing before a choice', async () => {
    const t = await freshPage();
    t.startTracking(IDS);
    t.trackPageView(PAGE);
    t.trackViewItem({ idevento: 1, dscevento: 'Visita', a_partir_de: 44 });
    t.trackCheckout(FULL_CART);
    t.trackPaymentInfo(7, 'cartao');
    t.trackPurchase(7);
    await settle();
    expect(applyConsent).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('declining everything loads nothing either', async () => {
    const t = await freshPage();
    t.startTracking(IDS);
    t.saveConsent({ analytics: false, marketing: false });
    t.trackPageView(PAGE);
    t.trackPurchase(7);
    await settle();
    expect(applyConsent).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('a brand without trackers sends nothing whatever the choice', async () => {
    const t = await freshPage();
    t.startTracking(NONE);
    t.saveConsent({ analytics: true, marketing: true });
    t.trackPageView(PAGE);
    await settle();
    expect(applyConsent).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the tracking module with consent', () => {
  it('a choice made on a page applies it; a page view reads the page', async () => {
    const t = await freshPage();
    t.startTracking(IDS);
    t.saveConsent({ analytics: true, marketing: false });
    t.trackPageView(PAGE);
    await settle();
    expect(applyConsent).toHaveBeenCalledWith(IDS, expect.objectContaining({ analytics: true }));
    expect(send).toHaveBeenCalledWith(
      IDS,
      {
        name: 'page_view',
        params: { page_location: 'https://s/pt', page_title: 'Início · Museu', language: 'pt-BR' },
      },
      expect.objectContaining({ analytics: true, marketing: false }),
    );
  });

  it('a stored choice applies at start (the shell counts the pages)', async () => {
    localStorage.setItem(
      'si.consent',
      JSON.stringify({ v: 1, analytics: true, marketing: true, at: '2026-01-01T00:00:00Z' }),
    );
    const t = await freshPage();
    t.startTracking(IDS);
    await settle();
    expect(applyConsent).toHaveBeenCalledTimes(1);
    expect(send).not.toHaveBeenCalled();
  });

  it('the checkout: begin_checkout once per order, then the payment and the purchase', async () => {
    const t = await freshPage();
    t.saveConsent({ analytics: true, marketing: false });
    t.startTracking(IDS);
    t.trackCheckout(FULL_CART);
    t.trackCheckout(FULL_CART);
    t.trackPaymentInfo(7, 'cartao');
    t.trackPaymentInfo(7, 'cartao');
    t.trackPurchase(8); // not the order shown: nothing to report
    t.trackPurchase(7);
    await settle();
    const sent = send.mock.calls.map((c) => (c[1] as { name: string }).name);
    expect(sent).toEqual(['begin_checkout', 'add_payment_info', 'purchase']);
    expect(send.mock.calls[2]![1]).toMatchObject({
      params: { transaction_id: 'AUR-7', currency: 'BRL', value: 44 },
    });
  });

  it('withdrawn: the trackers are told, and nothing more is sent', async () => {
    const t = await freshPage();
    t.saveConsent({ analytics: true, marketing: true });
    t.startTracking(IDS);
    t.saveConsent({ analytics: false, marketing: false });
    t.trackPageView(PAGE);
    await settle();
    expect(applyConsent).toHaveBeenLastCalledWith(
      IDS,
      expect.objectContaining({ analytics: false, marketing: false }),
    );
    expect(send).not.toHaveBeenCalled();
  });
});
