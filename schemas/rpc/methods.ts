/**
 * Every RPC method the server serves, class by class. The type makes the list exactly the
 * methods of {@link RpcContract}: a method missing here, or one the contract lacks, fails to
 * compile. Each has a params schema `schemas/rpc/<Class>.<method>.params.schema.json`
 * (checked by schemas/rpc-contract.test.ts), and the server's dispatcher table is typed over the
 * same contract.
 */
import type { RpcClass, RpcContract, RpcMethod } from '../contract';

export const RPC_METHODS = {
  SuperIngresso: {
    getEventos: true,
    getApresentacoes: true,
    getApresentacao: true,
    getApresentacoesHorarios: true,
    getProdutos: true,
    iniciarReserva: true,
    getCarrinhoPage: true,
    getCarrinhoPageItens: true,
    removeProdutoCarrinho: true,
    cancelarReserva: true,
    cancelarBoleto: true,
    cancelaCompra: true,
    prorrogarReserva: true,
    aplicarCupom: true,
    escolherGarantia: true,
    getGatewayPagamento: true,
    iniciarPagamento: true,
    concluirPagamento: true,
    portadorSetItem: true,
    getImpressao: true,
    iniciarTrocaVoucher: true,
  },
  SuperIngressoWeb: {
    getCarrinhoQtdReservados: true,
    validaemail: true,
    elevenWallet: true,
    removeElevenWallet: true,
    imprimirWallet: true,
    getPortadoresSalvos: true,
  },
  BasePessoaClass: {
    setPessoa: true,
    aceiteTermo: true,
  },
  BasePessoaEnderecoEntregaClass: {
    getEnderecosEntrega: true,
    setEnderecoEntrega: true,
  },
  BaseTermoClass: {
    get: true,
    getTermoCorrente: true,
  },
} as const satisfies { [C in keyof RpcContract]: { [M in keyof RpcContract[C]]: true } };

/** Every `[class, method]` pair of the contract. */
export const RPC_METHOD_LIST: readonly { cls: RpcClass; method: string }[] = Object.entries(
  RPC_METHODS,
).flatMap(([cls, methods]) =>
  Object.keys(methods).map((method) => ({ cls: cls as RpcClass, method })),
);

/** The file name of the params schema of a method (inside schemas/rpc/). */
export function paramsSchemaFile<C extends RpcClass>(cls: C, method: RpcMethod<C>): string {
  return `${cls}.${method}.params.schema.json`;
}
