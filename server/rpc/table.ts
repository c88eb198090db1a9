/**
 * The dispatcher table: class → method → { auth, handler }. Typed over {@link RpcContract}, so
 * every contract method must be here with the contract's params and result types; its params
 * schema is `schemas/rpc/<Class>.<method>.params.schema.json`.
 */
import type { RpcClass, RpcContract, RpcParams, RpcResult } from '#schemas/contract.ts';
import {
  type AccountScope,
  acceptTerm,
  currentTerms,
  emailAvailable,
  saveProfile,
  termById,
} from '#server/accounts/service.ts';
import {
  aplicarCupom,
  cancelarReserva,
  escolherGarantia,
  getCarrinhoPage,
  getCarrinhoPageItens,
  iniciarReserva,
  prorrogarReserva,
  qtdReservados,
  removeProdutoCarrinho,
  setEnderecoEntrega,
} from '#server/cart/cart.ts';
import { getEnderecosEntrega } from '#server/cart/delivery.ts';
import { bindHolder, savedHolders, unbindHolder } from '#server/cart/holders.ts';
import {
  type CatalogScope,
  getApresentacao,
  getApresentacoes,
  getApresentacoesHorarios,
  getEventos,
  getProdutos,
} from '#server/catalog/catalog.ts';
import { cancelaCompra } from '#server/orders/cancellation.ts';
import { cancelarBoleto } from '#server/payments/pending.ts';
import {
  concluirPagamento,
  getGatewayPagamento,
  iniciarPagamento,
  type PaymentScope,
} from '#server/payments/service.ts';
import { getImpressao } from '#server/tickets/print.ts';
import { iniciarTrocaVoucher } from '#server/vouchers/swap.ts';
import { imprimirWallet } from '#server/wallet/wallet.ts';
import type { AuthedRpcContext, RpcContext } from './context';

const account = (ctx: RpcContext): AccountScope => ({
  db: ctx.services.db,
  brand: ctx.brand,
  locale: ctx.locale,
  ip: ctx.ip,
  origin: ctx.origin,
});

/** One method: whether it needs a session, and what it does with the validated params. */
export type RpcMethodDef<C extends RpcClass, M extends keyof RpcContract[C] & string> =
  | {
      auth: 'required';
      handler: (ctx: AuthedRpcContext, params: RpcParams<C, M>) => Promise<RpcResult<C, M>>;
    }
  | {
      auth: 'optional';
      handler: (ctx: RpcContext, params: RpcParams<C, M>) => Promise<RpcResult<C, M>>;
    };

/** The whole table: exactly the contract's classes and methods. */
export type RpcTable = {
  [C in RpcClass]: { [M in keyof RpcContract[C] & string]: RpcMethodDef<C, M> };
};

const catalog = (ctx: RpcContext): CatalogScope => ({
  db: ctx.services.db,
  brand: ctx.brand,
  locale: ctx.locale,
  idpessoaTipo: ctx.pessoa?.idpessoaTipo ?? null,
});

const cart = (ctx: AuthedRpcContext) => ({
  db: ctx.services.db,
  brand: ctx.brand,
  locale: ctx.locale,
  pessoa: ctx.pessoa,
});

const payment = (ctx: AuthedRpcContext): PaymentScope => ({
  ...cart(ctx),
  gateway: ctx.services.gatewayFor(ctx.brand),
  ip: ctx.ip,
});

/** The RPC methods the server serves. */
export const rpcTable: RpcTable = {
  SuperIngresso: {
    getEventos: { auth: 'optional', handler: (ctx) => getEventos(catalog(ctx)) },
    getApresentacoes: {
      auth: 'optional',
      handler: (ctx, [idevento]) => getApresentacoes(catalog(ctx), idevento),
    },
    getApresentacao: {
      auth: 'optional',
      handler: (ctx, [idapresentacao]) => getApresentacao(catalog(ctx), idapresentacao),
    },
    getApresentacoesHorarios: {
      auth: 'optional',
      handler: (ctx, [idevento, data]) => getApresentacoesHorarios(catalog(ctx), idevento, data),
    },
    getProdutos: {
      auth: 'optional',
      handler: (ctx, [idapresentacao, idbloco]) =>
        getProdutos(catalog(ctx), idapresentacao, idbloco),
    },
    iniciarReserva: {
      auth: 'required',
      handler: (ctx, [produtos, idapresentacao, blocos]) =>
        iniciarReserva(
          cart(ctx),
          produtos,
          idapresentacao,
          blocos,
          ctx.services.holdSecondsFor(ctx.brand),
        ),
    },
    getCarrinhoPage: { auth: 'required', handler: (ctx) => getCarrinhoPage(cart(ctx)) },
    getCarrinhoPageItens: {
      auth: 'required',
      handler: (ctx, [idmovimentacao]) => getCarrinhoPageItens(cart(ctx), idmovimentacao),
    },
    removeProdutoCarrinho: {
      auth: 'required',
      handler: (ctx, [idmovimentacao, itens]) =>
        removeProdutoCarrinho(cart(ctx), idmovimentacao, itens),
    },
    prorrogarReserva: {
      auth: 'required',
      handler: (ctx, [idmovimentacao]) =>
        prorrogarReserva(cart(ctx), idmovimentacao, ctx.services.holdSecondsFor(ctx.brand)),
    },
    aplicarCupom: {
      auth: 'required',
      handler: (ctx, [idmovimentacao, cupom]) => aplicarCupom(cart(ctx), idmovimentacao, cupom),
    },
    escolherGarantia: {
      auth: 'required',
      handler: (ctx, [idmovimentacao, garantia]) =>
        escolherGarantia(cart(ctx), idmovimentacao, garantia),
    },
    cancelarReserva: {
      auth: 'required',
      handler: (ctx, [idmovimentacao]) => cancelarReserva(cart(ctx), idmovimentacao),
    },
    getGatewayPagamento: {
      auth: 'required',
      handler: (ctx, [idmovimentacao]) => getGatewayPagamento(payment(ctx), idmovimentacao),
    },
    iniciarPagamento: {
      auth: 'required',
      handler: (ctx, [idmovimentacao, idformapag, _returnUrl, cartao, opcoes]) =>
        iniciarPagamento(payment(ctx), idmovimentacao, idformapag, cartao, opcoes),
    },
    cancelarBoleto: {
      auth: 'required',
      handler: (ctx, [idmovimentacao]) => cancelarBoleto(payment(ctx), idmovimentacao),
    },
    cancelaCompra: {
      auth: 'required',
      handler: (ctx, [idmovimentacao, itens]) => cancelaCompra(payment(ctx), idmovimentacao, itens),
    },
    concluirPagamento: {
      auth: 'required',
      handler: (ctx, [{ idmovimentacao }]) => concluirPagamento(cart(ctx), idmovimentacao),
    },
    portadorSetItem: {
      auth: 'required',
      handler: (ctx, [iditem, portador]) => bindHolder(cart(ctx), iditem, portador),
    },
    getImpressao: {
      auth: 'required',
      handler: (ctx, [id, escopo]) => getImpressao(ctx, id, escopo),
    },
    iniciarTrocaVoucher: {
      auth: 'required',
      handler: (ctx, [localizador, idpessoa, idapresentacao]) =>
        iniciarTrocaVoucher({ ...cart(ctx), ip: ctx.ip }, localizador, idpessoa, idapresentacao),
    },
  },
  SuperIngressoWeb: {
    getCarrinhoQtdReservados: {
      auth: 'optional',
      handler: (ctx) =>
        qtdReservados({
          db: ctx.services.db,
          brand: ctx.brand,
          locale: ctx.locale,
          pessoa: ctx.pessoa,
        }),
    },
    validaemail: {
      auth: 'optional',
      handler: (ctx, [email]) => emailAvailable(account(ctx), email),
    },
    // The wallet's name for portadorSetItem: the same bind (spec §7: "binds holder data to a
    // ticket for the wallet"); the pass itself is imprimirWallet's.
    elevenWallet: {
      auth: 'required',
      handler: (ctx, [iditem, portador]) => bindHolder(cart(ctx), iditem, portador),
    },
    removeElevenWallet: {
      auth: 'required',
      handler: (ctx, [iditem]) => unbindHolder(cart(ctx), iditem),
    },
    imprimirWallet: {
      auth: 'required',
      handler: (ctx, [ticketToken, iditem]) =>
        imprimirWallet(ctx, ctx.services.wallet, ticketToken, iditem),
    },
    getPortadoresSalvos: { auth: 'required', handler: (ctx) => savedHolders(cart(ctx)) },
  },
  BasePessoaClass: {
    setPessoa: {
      auth: 'required',
      handler: (ctx, [dados]) => saveProfile(account(ctx), ctx.pessoa, dados),
    },
    aceiteTermo: {
      auth: 'optional',
      handler: (ctx, [{ idtermo, aceite }]) =>
        acceptTerm(account(ctx), ctx.pessoa, idtermo, aceite),
    },
  },
  BasePessoaEnderecoEntregaClass: {
    getEnderecosEntrega: { auth: 'required', handler: (ctx) => getEnderecosEntrega(cart(ctx)) },
    setEnderecoEntrega: {
      auth: 'required',
      handler: (ctx, [idmovimentacao, endereco]) =>
        setEnderecoEntrega(cart(ctx), idmovimentacao, endereco),
    },
  },
  BaseTermoClass: {
    get: {
      auth: 'optional',
      handler: (ctx, [filtro]) => currentTerms(account(ctx), filtro.idtipo_termo),
    },
    getTermoCorrente: {
      auth: 'optional',
      handler: (ctx, [tipo, idtermo]) => termById(account(ctx), tipo, idtermo),
    },
  },
};
