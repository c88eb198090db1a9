import { describe, expect, it } from 'vitest';
import { toFlowError } from '#machines/types.ts';
import { ApiError } from '#src/api/api-error.ts';
import { fieldErrorsOf } from './use-server-field-errors';

describe('server field errors', () => {
  it('names each top-level field once, the first message winning', () => {
    expect(
      fieldErrorsOf({
        code: 0,
        message: 'a',
        fields: [
          { field: '.email', message: 'E-mail já cadastrado' },
          { field: '.email', message: 'second' },
          { field: '._recaptcha', message: 'Verificação de segurança inválida. Tente novamente.' },
          { field: '.endereco.cep', message: 'nested' },
          { field: '', message: 'whole form' },
        ],
      }),
    ).toEqual({
      email: 'E-mail já cadastrado',
      _recaptcha: 'Verificação de segurança inválida. Tente novamente.',
    });
    expect(fieldErrorsOf({ code: 0, message: 'no fields' })).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });

  it('survive the flows: toFlowError keeps well-formed fields only', () => {
    const e = new ApiError(0, 'Insira sua senha atual', [
      { field: '.old_password', message: 'Insira sua senha atual' },
    ]);
    expect(toFlowError(e)).toEqual({
      code: 0,
      message: 'Insira sua senha atual',
      fields: [{ field: '.old_password', message: 'Insira sua senha atual' }],
    });
    expect(toFlowError({ code: 0, message: 'x', fields: [{ field: 1 }] })).toEqual({
      code: 0,
      message: 'x',
    });
  });
});
