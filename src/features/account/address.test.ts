import { describe, expect, it } from 'vitest';
import type { CepEndereco } from '#schemas/contract.ts';
import { cepPatch } from './address';

const paulista: CepEndereco = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

describe('cepPatch', () => {
  it('fills street, district, city, state and Brazil from a CEP answer', () => {
    expect(cepPatch(paulista)).toEqual({
      end_pais: 'BR',
      end_cep: '01310-100',
      end_logradouro: 'Avenida Paulista',
      end_bairro: 'Bela Vista',
      end_cidade: 'São Paulo',
      end_estado: 'SP',
    });
  });

  it('leaves out what a city-wide CEP does not have, and gives null for an unknown CEP', () => {
    expect(cepPatch({ ...paulista, cep: '13560-970', logradouro: '', bairro: ' ' })).toEqual({
      end_pais: 'BR',
      end_cep: '13560-970',
      end_cidade: 'São Paulo',
      end_estado: 'SP',
    });
    expect(cepPatch({ erro: true })).toBeNull();
  });
});
