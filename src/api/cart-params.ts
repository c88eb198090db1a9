import type { RpcParams } from '#schemas/contract.ts';

/** getCarrinhoPageItens' params for an order's items, as the checkout asks for them. */
export function cartItemsParams(
  idmovimentacao: number,
): RpcParams<'SuperIngresso', 'getCarrinhoPageItens'> {
  return [idmovimentacao, null, { api: true }];
}
