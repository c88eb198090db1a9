import type { Faq } from '#schemas/contract.ts';

/** One question of the FAQ that matches a search. */
export interface FaqHit {
  categoria: string;
  pergunta: string;
  /** Sanitised HTML (server/content/markdown.ts). */
  resposta: string;
}

/** The shortest search that is looked up (one letter matches nearly everything). */
export const MIN_QUERY_LENGTH = 2;

/** Lower case, without accents, entities or tags, spaces collapsed: "Meia-entrada?" → "meia-entrada?". */
export function foldText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The questions whose question or answer holds every word of `query`, ignoring case and
 * accents ("meia entrada" finds "Quem tem direito à meia-entrada?"), questions that match in
 * the question first, in the FAQ's order otherwise; at most `limit`. Too short a query: none.
 */
export function searchFaq(faq: Faq, query: string, limit = 8): FaqHit[] {
  const words = foldText(query)
    .split(/[\s\-–—.,;:!?¿¡()"']+/)
    .filter(Boolean);
  if (foldText(query).length < MIN_QUERY_LENGTH || words.length === 0) return [];
  const inQuestion: FaqHit[] = [];
  const inAnswer: FaqHit[] = [];
  for (const c of faq.categorias) {
    for (const q of c.perguntas) {
      const question = foldText(q.pergunta);
      const all = `${question} ${foldText(q.resposta)}`;
      if (!words.every((w) => all.includes(w))) continue;
      const hit = { categoria: c.titulo, pergunta: q.pergunta, resposta: q.resposta };
      if (words.every((w) => question.includes(w))) inQuestion.push(hit);
      else inAnswer.push(hit);
    }
  }
  return [...inQuestion, ...inAnswer].slice(0, limit);
}
