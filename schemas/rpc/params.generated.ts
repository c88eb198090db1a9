// Written by `npm run schemas:types` (scripts/schema-types.ts) from schemas/rpc/*.params.schema.json:
// edit the schemas, not this file.

/**
 * [{ idtermo, aceite? }]: the term version accepted; `aceite` is the login's single-use ticket when there is no session yet
 *
 * @minItems 1
 * @maxItems 1
 */
export type BasePessoaClassAceiteTermoParams = [AceiteTermoParams];
/**
 * [registration data]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: registration data (the profile form's fields; checked with schemas/forms/profile.schema.json)
 */
export type BasePessoaClassSetPessoaParams = [{}];
/**
 * No params.
 *
 * @minItems 0
 * @maxItems 0
 */
export type BasePessoaEnderecoEntregaClassGetEnderecosEntregaParams = [];
/**
 * [idmovimentacao, { idendereco } | address]
 *
 * @minItems 2
 * @maxItems 2
 */
export type BasePessoaEnderecoEntregaClassSetEnderecoEntregaParams = [
  number,
  (
    | {
        /**
         * An address of getEnderecosEntrega; 0: the profile's own address
         */
        idendereco: number;
      }
    | {}
  ),
];
/**
 * [{ idtipo_termo? }]
 *
 * @minItems 1
 * @maxItems 1
 */
export type BaseTermoClassGetParams = [
  {
    idtipo_termo?: number;
  },
];
/**
 * [idtipo_termo, idtermo]
 *
 * @minItems 2
 * @maxItems 2
 */
export type BaseTermoClassGetTermoCorrenteParams = [number, number | null];
/**
 * [idmovimentacao, cupom]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoAplicarCupomParams = [number, string];
/**
 * [idmovimentacao, itens]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoCancelaCompraParams = [number, number[]];
/**
 * [idmovimentacao]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: idmovimentacao
 */
export type SuperIngressoCancelarBoletoParams = [number];
/**
 * [idmovimentacao, null, false, false]
 *
 * @minItems 4
 * @maxItems 4
 */
export type SuperIngressoCancelarReservaParams = [number, null, boolean, boolean];
/**
 * [{ idmovimentacao }]
 *
 * @minItems 1
 * @maxItems 1
 */
export type SuperIngressoConcluirPagamentoParams = [
  {
    idmovimentacao: number;
  },
];
/**
 * [idmovimentacao, garantia]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoEscolherGarantiaParams = [number, boolean];
/**
 * [idapresentacao]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: idapresentacao
 */
export type SuperIngressoGetApresentacaoParams = [number];
/**
 * [idevento]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: idevento
 */
export type SuperIngressoGetApresentacoesParams = [number];
/**
 * [idevento, data]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoGetApresentacoesHorariosParams = [number, string];
/**
 * No params.
 *
 * @minItems 0
 * @maxItems 0
 */
export type SuperIngressoGetCarrinhoPageParams = [];
/**
 * [idmovimentacao, null, { api }]
 *
 * @minItems 3
 * @maxItems 3
 */
export type SuperIngressoGetCarrinhoPageItensParams = [
  number,
  null,
  {
    api: boolean;
  },
];
/**
 * No params.
 *
 * @minItems 0
 * @maxItems 0
 */
export type SuperIngressoGetEventosParams = [];
/**
 * [idmovimentacao]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: idmovimentacao
 */
export type SuperIngressoGetGatewayPagamentoParams = [number];
/**
 * [idmovimentacao] or [idmovimentacaoitem, 'item']
 *
 * @minItems 1
 * @maxItems 2
 */
export type SuperIngressoGetImpressaoParams = [number] | [number, 'item'];
/**
 * [idapresentacao, idbloco?]: a trailing optional param, so minItems < maxItems
 *
 * @minItems 1
 * @maxItems 2
 */
export type SuperIngressoGetProdutosParams = [number] | [number, number];
/**
 * [idmovimentacao, idformapag, returnUrl, cartao, opcoes]
 *
 * @minItems 5
 * @maxItems 5
 */
export type SuperIngressoIniciarPagamentoParams = [
  number,
  number,
  string,
  {
    token: string;
    bandeira: string;
    ultimos_digitos: string;
  } | null,
  PagamentoOpcoes,
];
/**
 * [produtos, idapresentacao, blocos]
 *
 * @minItems 3
 * @maxItems 3
 */
export type SuperIngressoIniciarReservaParams = [ReservaProduto[], number, number[]];
/**
 * [localizador, idpessoa] or [localizador, idpessoa, idapresentacao]
 *
 * @minItems 2
 * @maxItems 3
 */
export type SuperIngressoIniciarTrocaVoucherParams = [string, number] | [string, number, number];
/**
 * [iditem, portador]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoPortadorSetItemParams = [number, {}];
/**
 * [idmovimentacao]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: idmovimentacao
 */
export type SuperIngressoProrrogarReservaParams = [number];
/**
 * [idmovimentacao, itens, false, false]
 *
 * @minItems 4
 * @maxItems 4
 */
export type SuperIngressoRemoveProdutoCarrinhoParams = [number, number[], boolean, boolean];
/**
 * [idmovimentacaoitem, portador] (an alias of SuperIngresso.portadorSetItem)
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoWebElevenWalletParams = [number, {}];
/**
 * No params.
 *
 * @minItems 0
 * @maxItems 0
 */
export type SuperIngressoWebGetCarrinhoQtdReservadosParams = [];
/**
 * No params.
 *
 * @minItems 0
 * @maxItems 0
 */
export type SuperIngressoWebGetPortadoresSalvosParams = [];
/**
 * [ticketToken, idmovimentacaoitem]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoWebImprimirWalletParams = [string, number];
/**
 * [idmovimentacaoitem]
 *
 * @minItems 1
 * @maxItems 1
 *
 * Items: idmovimentacaoitem
 */
export type SuperIngressoWebRemoveElevenWalletParams = [number];
/**
 * [email, null]
 *
 * @minItems 2
 * @maxItems 2
 */
export type SuperIngressoWebValidaemailParams = [string, null];

/**
 * The params tuple of each RPC method, class by class.
 */
export interface RpcParamsTable {
  BasePessoaClass: {
    aceiteTermo: BasePessoaClassAceiteTermoParams;
    setPessoa: BasePessoaClassSetPessoaParams;
  };
  BasePessoaEnderecoEntregaClass: {
    getEnderecosEntrega: BasePessoaEnderecoEntregaClassGetEnderecosEntregaParams;
    setEnderecoEntrega: BasePessoaEnderecoEntregaClassSetEnderecoEntregaParams;
  };
  BaseTermoClass: {
    get: BaseTermoClassGetParams;
    getTermoCorrente: BaseTermoClassGetTermoCorrenteParams;
  };
  SuperIngresso: {
    aplicarCupom: SuperIngressoAplicarCupomParams;
    cancelaCompra: SuperIngressoCancelaCompraParams;
    cancelarBoleto: SuperIngressoCancelarBoletoParams;
    cancelarReserva: SuperIngressoCancelarReservaParams;
    concluirPagamento: SuperIngressoConcluirPagamentoParams;
    escolherGarantia: SuperIngressoEscolherGarantiaParams;
    getApresentacao: SuperIngressoGetApresentacaoParams;
    getApresentacoes: SuperIngressoGetApresentacoesParams;
    getApresentacoesHorarios: SuperIngressoGetApresentacoesHorariosParams;
    getCarrinhoPage: SuperIngressoGetCarrinhoPageParams;
    getCarrinhoPageItens: SuperIngressoGetCarrinhoPageItensParams;
    getEventos: SuperIngressoGetEventosParams;
    getGatewayPagamento: SuperIngressoGetGatewayPagamentoParams;
    getImpressao: SuperIngressoGetImpressaoParams;
    getProdutos: SuperIngressoGetProdutosParams;
    iniciarPagamento: SuperIngressoIniciarPagamentoParams;
    iniciarReserva: SuperIngressoIniciarReservaParams;
    iniciarTrocaVoucher: SuperIngressoIniciarTrocaVoucherParams;
    portadorSetItem: SuperIngressoPortadorSetItemParams;
    prorrogarReserva: SuperIngressoProrrogarReservaParams;
    removeProdutoCarrinho: SuperIngressoRemoveProdutoCarrinhoParams;
  };
  SuperIngressoWeb: {
    elevenWallet: SuperIngressoWebElevenWalletParams;
    getCarrinhoQtdReservados: SuperIngressoWebGetCarrinhoQtdReservadosParams;
    getPortadoresSalvos: SuperIngressoWebGetPortadoresSalvosParams;
    imprimirWallet: SuperIngressoWebImprimirWalletParams;
    removeElevenWallet: SuperIngressoWebRemoveElevenWalletParams;
    validaemail: SuperIngressoWebValidaemailParams;
  };
}
export interface AceiteTermoParams {
  idtermo: number;
  /**
   * The ticket of a TermoPendente (the login's, before there is a session); not needed with a session.
   */
  aceite?: string;
  idtipo_termo?: number;
}
/**
 * PagamentoOpcoes
 */
export interface PagamentoOpcoes {
  parcelas: number;
  /**
   * One key per payment attempt; a repeated call with the same key returns the same result.
   */
  idempotencyKey: string;
  /**
   * The captcha's solution, when the brand's captcha.payment flag is on.
   */
  captcha?: string;
  /**
   * idtermo of the purchase terms accepted
   */
  termo?: number;
}
export interface ReservaProduto {
  idproduto: number;
  qtd: number;
}
