import { describe, expect, it } from 'vitest';
import type { Faq } from '#schemas/contract.ts';
import { foldText, searchFaq } from './faq-search';

const FAQ = {
  titulo: 'Perguntas frequentes',
  atualizado: '2026-11-01',
  categorias: [
    {
      titulo: 'Compra',
      perguntas: [
        {
          pergunta: 'Como compro ingressos?',
          resposta: '<p>Escolha o produto e a <strong>sessão</strong>.</p>',
        },
        {
          pergunta: 'Preciso de conta?',
          resposta: '<p>Sim: os ingressos ficam em Meus pedidos.</p>',
        },
      ],
    },
    {
      titulo: 'Meia-entrada',
      perguntas: [
        {
          pergunta: 'Quem tem direito à meia-entrada?',
          resposta: '<p>Estudantes &amp; idosos.</p>',
        },
      ],
    },
  ],
} as Faq;

describe('searchFaq', () => {
  it('ignores case and accents, in the question or the answer', () => {
    expect(searchFaq(FAQ, 'MEIA ENTRADA').map((h) => h.pergunta)).toEqual([
      'Quem tem direito à meia-entrada?',
    ]);
    expect(searchFaq(FAQ, 'sessao').map((h) => h.pergunta)).toEqual(['Como compro ingressos?']);
    expect(searchFaq(FAQ, 'direito a')[0]?.categoria).toBe('Meia-entrada');
  });

  it('needs every word; questions that match in the question come first', () => {
    expect(searchFaq(FAQ, 'ingressos').map((h) => h.pergunta)).toEqual([
      'Como compro ingressos?',
      'Preciso de conta?',
    ]);
    expect(searchFaq(FAQ, 'ingressos conta').map((h) => h.pergunta)).toEqual(['Preciso de conta?']);
  });

  it('finds nothing for nonsense, tags or a one-letter query; respects the limit', () => {
    expect(searchFaq(FAQ, 'xyzzy')).toEqual([]);
    expect(searchFaq(FAQ, 'strong')).toEqual([]);
    expect(searchFaq(FAQ, 'a')).toEqual([]);
    expect(searchFaq(FAQ, '  ')).toEqual([]);
    expect(searchFaq(FAQ, 'ingressos', 1)).toHaveLength(1);
  });

  it('folds text as a person reads it', () => {
    expect(foldText('<p>Estudantes &amp; IDOSOS,  Ação</p>')).toBe('estudantes & idosos, acao');
  });
});
