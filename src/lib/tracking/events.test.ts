import { describe, expect, it } from 'vitest';
import type { CarrinhoItem, GetCarrinhoPageItensResult } from '#schemas/contract.ts';
import {
  cartItems,
  orderParams,
  pageViewParams,
  paymentInfoParams,
  purchaseParams,
  removedParams,
  selectionParams,
  viewItemParams,
} from './events';

/** One ticket of the cart (the cart keeps one line per ticket). */
function line(over: Partial<CarrinhoItem>): CarrinhoItem {
  return {
    iditem: 1,
    idproduto: 11,
    idprod: 11,
    idapresentacao: 5,
    idapre: 5,
    idevento: 1,
    dscevento: 'Visita ao Museu',
    dt_apre: '2026-03-01',
    dthr_apresentacao: '2026-03-01 10:00',
    dscapre: 'Entrada',
    dscproduto: 'Inteira',
    produto: 'Inteira',
    dsctipo: 'Ingressos',
    status: 'RE',
    valor: 40,
    valor_sem_desconto: 40,
    valor_cupom: 0,
    cupom: '',
    tem_cupom: false,
    combo: '',
    valor_combo: 0,
    taxa: 4,
    juros: 0,
    valor_garantia: 0,
    total: 44,
    dthr_exp: '2026-03-01 09:15:00',
    dt_exp: '2026-03-01 09:15:00',
    count_exp: 600,
    qtd: 1,
    cancel: true,
    tp_cancel: 'remover',
    ...over,
  } as CarrinhoItem;
}

const ITENS = [
  line({ iditem: 1 }),
  line({ iditem: 2 }),
  line({
    iditem: 3,
    idproduto: 12,
    dscproduto: 'Meia',
    valor: 20,
    valor_sem_desconto: 20,
    taxa: 2,
  }),
  // The coupon took R$ 4,00 off this one: its own item, with the discount and the coupon.
  line({ iditem: 4, valor: 36, valor_cupom: 4, cupom: 'AURORA10', tem_cupom: true }),
];

const CART = {
  movimentacao: { idmovimentacao: 77, localizador: 'AUR-7Q2K' },
  itens: ITENS,
  resumo: { valor: 160.9, cupom: 'AURORA10', entrega_valor: 12.9 },
} as unknown as GetCarrinhoPageItensResult;

describe('GA4 e-commerce parameters', () => {
  it('counts alike tickets together: price with the fee after discounts, per ticket', () => {
    expect(cartItems(ITENS)).toEqual([
      {
        item_id: '1',
        item_name: 'Visita ao Museu',
        item_variant: 'Inteira',
        price: 44,
        quantity: 2,
      },
      { item_id: '1', item_name: 'Visita ao Museu', item_variant: 'Meia', price: 22, quantity: 1 },
      {
        item_id: '1',
        item_name: 'Visita ao Museu',
        item_variant: 'Inteira',
        price: 40,
        quantity: 1,
        discount: 4,
        coupon: 'AURORA10',
      },
    ]);
  });

  it('an order: its total (delivery included) in BRL, the coupon, the shipping', () => {
    expect(orderParams(CART)).toMatchObject({
      currency: 'BRL',
      value: 160.9,
      coupon: 'AURORA10',
      shipping: 12.9,
    });
    expect(orderParams(CART).items).toHaveLength(3);
  });

  it("a purchase is identified by the order's locator", () => {
    expect(purchaseParams(CART)).toMatchObject({
      transaction_id: 'AUR-7Q2K',
      currency: 'BRL',
      value: 160.9,
    });
  });

  it('add_payment_info names the way to pay', () => {
    expect(paymentInfoParams(CART, 'cartao').payment_type).toBe('credit_card');
    expect(paymentInfoParams(CART, 'pix').payment_type).toBe('pix');
    expect(paymentInfoParams(CART, 'boleto').payment_type).toBe('boleto');
  });

  it('remove_from_cart: the units taken out, valued to the cent', () => {
    expect(removedParams([ITENS[0]!, ITENS[2]!])).toEqual({
      currency: 'BRL',
      value: 66,
      items: [
        {
          item_id: '1',
          item_name: 'Visita ao Museu',
          item_variant: 'Inteira',
          price: 44,
          quantity: 1,
        },
        {
          item_id: '1',
          item_name: 'Visita ao Museu',
          item_variant: 'Meia',
          price: 22,
          quantity: 1,
        },
      ],
    });
  });

  it('add_to_cart: the units chosen on the page, priced with the fee', () => {
    const produtos = [
      { idproduto: 11, dscproduto: 'Inteira', preco_ctaxa: 44.1 },
      { idproduto: 12, dscproduto: 'Meia', preco_ctaxa: 22.05 },
    ];
    const params = selectionParams({ idevento: 1, dscevento: 'Visita ao Museu' }, produtos, [
      { idproduto: 11, qtd: 2 },
      { idproduto: 12, qtd: 1 },
      { idproduto: 99, qtd: 1 },
    ]);
    expect(params.value).toBe(110.25);
    expect(params.items.map((i) => [i.item_variant, i.price, i.quantity])).toEqual([
      ['Inteira', 44.1, 2],
      ['Meia', 22.05, 1],
    ]);
  });

  it('view_item: the attraction, from its lowest price', () => {
    expect(viewItemParams({ idevento: 2, dscevento: 'Tour', a_partir_de: 59.9 })).toEqual({
      currency: 'BRL',
      value: 59.9,
      items: [{ item_id: '2', item_name: 'Tour', price: 59.9, quantity: 1 }],
    });
  });
});

describe('page_view', () => {
  it('keeps campaign tags and drops every other parameter (tokens, choices)', () => {
    const params = pageViewParams(
      {
        origin: 'https://shop.example',
        pathname: '/pt/redefinirsenha',
        search: '?token=secret&utm_source=news&gclid=abc&access_token=x&data=2026-01-01',
      },
      'Nova senha · Museu',
      'pt-BR',
    );
    expect(params).toEqual({
      page_location: 'https://shop.example/pt/redefinirsenha?utm_source=news&gclid=abc',
      page_title: 'Nova senha · Museu',
      language: 'pt-BR',
    });
    expect(
      pageViewParams({ origin: 'https://s', pathname: '/en', search: '' }, 'Home', 'en-US')
        .page_location,
    ).toBe('https://s/en');
  });
});
