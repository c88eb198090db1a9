/**
 * The RPC params schemas (schemas/rpc/), whose types the contract's params are
 * (rpc/params.generated.ts): every method of the dispatcher's method list (RPC_METHODS, typed to
 * be exactly the contract's methods) has a schema that compiles in ajv strict mode, and sample
 * params typed as RpcParams<…> validate while malformed ones do not.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { PortadorDados, RpcClass, RpcContract, RpcParams } from './contract';
import { paramsSchemaFile, RPC_METHOD_LIST, RPC_METHODS } from './rpc/methods';

const dir = new URL('./rpc/', import.meta.url);
// As the server compiles them (server/rpc/validators.ts): a trailing optional param is allowed.
const ajv = new Ajv2020({ strict: true, strictTuples: false });
addFormats(ajv);

const validator = (cls: RpcClass, method: string) =>
  ajv.getSchema(`rpc/${cls}.${method}.params.schema.json`) ??
  ajv.compile(
    JSON.parse(readFileSync(new URL(paramsSchemaFile(cls, method as never), dir), 'utf8')),
  );

type Samples = {
  [C in keyof RpcContract]: { [M in keyof RpcContract[C] & string]: RpcParams<C, M>[] };
};

const cartao = { token: 'tok_sandbox_abc', bandeira: 'visa', ultimos_digitos: '1111' };
const holder = {
  nome: 'Ana',
  sobrenome: 'Souza',
  documento: '529.982.247-25',
  nacionalidade: 'BR',
  dt_nascimento: '2015-03-02',
};
const valid: Samples = {
  SuperIngresso: {
    getEventos: [[]],
    getApresentacoes: [[1]],
    getApresentacao: [[42]],
    getApresentacoesHorarios: [[1, '2026-12-31']],
    getProdutos: [[42], [42, 3]],
    iniciarReserva: [
      [[{ idproduto: 101, qtd: 2 }], 42, []],
      [
        [
          { idproduto: 101, qtd: 1 },
          { idproduto: 102, qtd: 3 },
        ],
        42,
        [1, 2],
      ],
    ],
    getCarrinhoPage: [[]],
    getCarrinhoPageItens: [[7, null, { api: true }]],
    removeProdutoCarrinho: [[7, [1, 2], false, false]],
    cancelarReserva: [[7, null, false, false]],
    cancelarBoleto: [[7]],
    cancelaCompra: [
      [7, [11]],
      [7, [11, 12]],
    ],
    prorrogarReserva: [[7]],
    aplicarCupom: [
      [7, 'AURORA10'],
      [7, ''],
    ],
    escolherGarantia: [
      [7, true],
      [7, false],
    ],
    getGatewayPagamento: [[7]],
    iniciarPagamento: [
      [
        7,
        1,
        'https://shop.example/checkout',
        cartao,
        { parcelas: 3, idempotencyKey: 'a1b2c3d4-e5f6' },
      ],
      [7, 1, '', cartao, { parcelas: 1, idempotencyKey: 'abcdefgh', captcha: 'x' }],
      [7, 2, '', null, { parcelas: 1, idempotencyKey: 'abcdefgh' }],
    ],
    concluirPagamento: [[{ idmovimentacao: 7 }]],
    portadorSetItem: [[7, holder]],
    getImpressao: [[7], [12, 'item']],
    iniciarTrocaVoucher: [
      ['4000123456789012', 7],
      ['4000 1234 5678 9012', 7, 42],
      ['123', 7],
    ],
  },
  SuperIngressoWeb: {
    getCarrinhoQtdReservados: [[]],
    validaemail: [['demo@example.com', null]],
    elevenWallet: [[7, holder]],
    removeElevenWallet: [[7]],
    imprimirWallet: [
      ['K7Q2M4ZP9RTA', 11],
      [`AQAAAAcAAAALAAAAAwAC${'x'.repeat(86)}`, 11],
    ],
    getPortadoresSalvos: [[]],
  },
  BasePessoaClass: {
    setPessoa: [[{ nome: 'Ana', sobrenome: 'Souza' }]],
    aceiteTermo: [[{ idtermo: 100_000_001 }], [{ idtermo: 120260101, aceite: 'a'.repeat(43) }]],
  },
  BasePessoaEnderecoEntregaClass: {
    getEnderecosEntrega: [[]],
    setEnderecoEntrega: [
      [7, { idendereco: 0 }],
      [7, { idendereco: 12 }],
      [
        7,
        {
          end_pais: 'BR',
          end_cep: '01310-100',
          end_estado: 'SP',
          end_cidade: 'São Paulo',
          end_logradouro: 'Av. Paulista',
          end_numero: '1000',
        },
      ],
    ],
  },
  BaseTermoClass: {
    get: [[{}], [{ idtipo_termo: 2 }]],
    getTermoCorrente: [
      [1, null],
      [2, 220260101],
    ],
  },
};

const invalid: Record<string, unknown[]> = {
  'SuperIngressoWeb.validaemail': [
    [],
    [1, null],
    ['a@b.c'],
    ['a@b.c', 'x'],
    ['x'.repeat(400), null],
  ],
  'BasePessoaClass.setPessoa': [[], ['x'], [null]],
  'BasePessoaClass.aceiteTermo': [[], [{}], [{ idtermo: '1' }], [{ idtermo: 1, aceite: 'short' }]],
  'BasePessoaEnderecoEntregaClass.getEnderecosEntrega': [[1], [null]],
  'BasePessoaEnderecoEntregaClass.setEnderecoEntrega': [
    [7],
    [0, { idendereco: 0 }],
    ['7', { idendereco: 0 }],
    [7, { idendereco: -1 }],
    [7, { idendereco: '3' }],
    [7, { idendereco: 3, end_pais: 'BR' }],
    [7, 'Av. Paulista'],
    [7, null],
    [7, { idendereco: 0 }, 1],
  ],
  'BaseTermoClass.get': [[], [1], [{ idtipo_termo: 0 }], [{ x: 1 }]],
  'BaseTermoClass.getTermoCorrente': [[], [1], [0, null], ['1', null], [1, 'x']],
  'SuperIngresso.getEventos': [[1], {}, null],
  'SuperIngresso.getApresentacoes': [[], ['1'], [1, 2], [0], [1.5]],
  'SuperIngresso.getProdutos': [[], [0], ['42'], [42, 0], [42, '3'], [42, 3, 1]],
  'SuperIngresso.getApresentacoesHorarios': [[1], [1, '31/12/2026'], [1, '2026-02-30']],
  'SuperIngresso.iniciarReserva': [
    [[], 42, []],
    [[{ idproduto: 101, qtd: 0 }], 42, []],
    [[{ idproduto: 101 }], 42, []],
    [[{ idproduto: 101, qtd: 1, preco: 1 }], 42, []],
    [[{ idproduto: 101, qtd: 1 }], 42],
  ],
  'SuperIngresso.getCarrinhoPageItens': [[7], [7, null, {}], [7, 1, { api: true }]],
  'SuperIngresso.prorrogarReserva': [[], [0], ['7'], [7, 1]],
  'SuperIngresso.escolherGarantia': [[7], [7, 'sim'], [7, 1], ['7', true], [7, true, true]],
  'SuperIngresso.aplicarCupom': [
    [7],
    [7, 1],
    [7, '10% off'],
    [7, 'x'.repeat(41)],
    ['7', 'AURORA10'],
  ],
  'SuperIngresso.removeProdutoCarrinho': [
    [7, [], false, false],
    [7, [1], 'no', false],
  ],
  'SuperIngresso.iniciarPagamento': [
    [
      7,
      1,
      '',
      { token: 't', bandeira: 'visa', ultimos_digitos: '1111', numero: '4111111111111111' },
      { parcelas: 1, idempotencyKey: 'abcdefgh' },
    ],
    [7, 1, '', cartao, { parcelas: 0, idempotencyKey: 'abcdefgh' }],
    [7, 1, '', cartao, { parcelas: 1, idempotencyKey: 'short' }],
    [7, 1, '', cartao, { parcelas: 1 }],
  ],
  'SuperIngresso.cancelarBoleto': [[], [0], ['7'], [7, 1]],
  'SuperIngresso.concluirPagamento': [[7], [{}], [{ idmovimentacao: '7' }]],
  'SuperIngresso.portadorSetItem': [[7], [0, holder], ['7', holder], [7, 'Ana'], [7, null]],
  'SuperIngresso.getImpressao': [[], [0], ['7'], [7, 'order'], [7, 'item', 1]],
  'SuperIngresso.iniciarTrocaVoucher': [
    [],
    ['4000123456789012'],
    [4000123456789012, 7],
    ['4000123456789012', '7'],
    ['4000123456789012', 0],
    ['4000123456789012', 7, 0],
    ['4000123456789012', 7, 42, 1],
    ['x'.repeat(65), 7],
  ],
  'SuperIngressoWeb.elevenWallet': [[7], [7, holder, 1], [7, []]],
  'SuperIngressoWeb.removeElevenWallet': [[], [0], [7, holder]],
  'SuperIngressoWeb.imprimirWallet': [
    [],
    [11],
    ['K7Q2M4ZP9RTA'],
    ['K7Q2M4ZP9RTA', 0],
    [11, 'K7Q2M4ZP9RTA'],
    ['a b', 11],
    ['x'.repeat(201), 11],
    ['K7Q2M4ZP9RTA', 11, 1],
  ],
  'SuperIngressoWeb.getPortadoresSalvos': [[1], [null]],
};

describe('the holder payload (portadorSetItem, elevenWallet)', () => {
  it('is the holder form: PortadorDados has exactly its fields and required ones', () => {
    const form = JSON.parse(
      readFileSync(new URL('./forms/holder.schema.json', import.meta.url), 'utf8'),
    ) as { properties: Record<string, unknown>; required: string[] };
    const fields: Record<keyof PortadorDados, boolean> = {
      nome: true,
      sobrenome: true,
      documento: true,
      nacionalidade: true,
      dt_nascimento: true,
      celular: false,
      cep: false,
      logradouro: false,
      numero: false,
      complemento: false,
      bairro: false,
      cidade: false,
      estado: false,
      pais: false,
    };
    expect(Object.keys(fields).sort()).toEqual(Object.keys(form.properties).sort());
    expect(
      Object.entries(fields)
        .filter(([, req]) => req)
        .map(([k]) => k)
        .sort(),
    ).toEqual([...form.required].sort());
  });
});

describe('RPC params schemas', () => {
  it('exist for every method of the dispatcher list and no others', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.params.schema.json'))
      .sort();
    const expected = RPC_METHOD_LIST.map(({ cls, method }) =>
      paramsSchemaFile(cls, method as never),
    ).sort();
    expect(files).toEqual(expected);
    for (const f of expected) expect(existsSync(new URL(f, dir))).toBe(true);
    expect(Object.keys(RPC_METHODS.SuperIngresso)).toHaveLength(21);
    expect(Object.keys(RPC_METHODS.SuperIngressoWeb)).toHaveLength(6);
  });

  it('are positional arrays bounded by minItems/maxItems', () => {
    for (const { cls, method } of RPC_METHOD_LIST) {
      const schema = JSON.parse(
        readFileSync(new URL(paramsSchemaFile(cls, method as never), dir), 'utf8'),
      );
      expect(schema.type, method).toBe('array');
      expect(schema.items, method).toBe(false);
      expect(typeof schema.minItems, method).toBe('number');
      expect(typeof schema.maxItems, method).toBe('number');
    }
  });

  it('accept params typed by the contract', () => {
    for (const [cls, methods] of Object.entries(valid)) {
      for (const [method, samples] of Object.entries(methods as Record<string, unknown[]>)) {
        const validate = validator(cls as RpcClass, method);
        for (const sample of samples) {
          expect(validate(sample), `${cls}.${method} ${JSON.stringify(validate.errors)}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('refuse malformed params', () => {
    for (const [name, samples] of Object.entries(invalid)) {
      const [cls, method] = name.split('.') as [RpcClass, string];
      const validate = validator(cls, method);
      for (const sample of samples) {
        expect(validate(sample), `${name} ${JSON.stringify(sample)}`).toBe(false);
      }
    }
  });
});
