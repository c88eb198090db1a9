import { describe, expect, it } from 'vitest';
import { RPC_METHODS } from '#schemas/rpc/methods.ts';
import { rpcTable } from './table';
import { compileParamValidators } from './validators';

describe('dispatcher table', () => {
  it('serves exactly the contract methods, each with a compiled params validator', () => {
    const tableMethods = Object.entries(rpcTable).flatMap(([c, ms]) =>
      Object.keys(ms).map((m) => `${c}.${m}`),
    );
    const contractMethods = Object.entries(RPC_METHODS).flatMap(([c, ms]) =>
      Object.keys(ms).map((m) => `${c}.${m}`),
    );
    expect(tableMethods.sort()).toEqual(contractMethods.sort());
    const validators = compileParamValidators();
    for (const m of tableMethods) expect(validators.get(m), m).toBeTypeOf('function');
  });

  it('requires a session for every cart and payment method', () => {
    const optional = Object.entries(rpcTable).flatMap(([c, ms]) =>
      Object.entries(ms as Record<string, { auth: string }>)
        .filter(([, d]) => d.auth === 'optional')
        .map(([m]) => `${c}.${m}`),
    );
    expect(optional.sort()).toEqual(
      [
        'SuperIngresso.getApresentacao',
        'SuperIngresso.getApresentacoes',
        'SuperIngresso.getApresentacoesHorarios',
        'SuperIngresso.getEventos',
        'SuperIngresso.getProdutos',
        'SuperIngressoWeb.getCarrinhoQtdReservados',
        // Account calls a guest makes: the e-mail check while signing up, the terms, and the
        // acceptance of a term before the login has a session (it carries a single-use ticket).
        'SuperIngressoWeb.validaemail',
        'BasePessoaClass.aceiteTermo',
        'BaseTermoClass.get',
        'BaseTermoClass.getTermoCorrente',
      ].sort(),
    );
  });
});
