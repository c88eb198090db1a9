import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import ptBR from '../../locales/pt-BR.json';
import { firstVisitMessages, loadAllMessages } from './locale';

describe('the first visit texts', () => {
  it('render a text they lack as nothing, then hold every text once loaded', async () => {
    const onError = (e: unknown) => {
      throw e;
    };
    const texts: Record<string, unknown> = { 'header.login': ptBR['header.login'] };
    const messages = firstVisitMessages('pt-BR', texts);
    const intl = createIntl({ locale: 'pt-BR', messages, onError });

    expect(intl.formatMessage({ id: 'header.login' })).toBe('Entrar');
    // Not among the first visit's texts: empty, and every text is asked for.
    expect(intl.formatMessage({ id: 'checkout.cancelKeep' })).toBe('');
    // A promise resolving with the texts reads `then`: no id, not a miss.
    expect((messages as Record<string, unknown>).then).toBeUndefined();

    await loadAllMessages('pt-BR');
    expect(Object.hasOwn(texts, 'checkout.cancelKeep')).toBe(true);
    expect(intl.formatMessage({ id: 'checkout.cancelKeep' })).not.toBe('');
    expect(Object.keys(texts).length).toBe(Object.keys(await loadAllMessages('pt-BR')).length);
  });

  it('take every text at once when those arrived before them', async () => {
    // A screen's loader asked for every text while the first visit's were still loading.
    const all = await loadAllMessages('es-ES');
    const texts: Record<string, unknown> = { 'header.login': 'x' };
    const messages = firstVisitMessages('es-ES', texts);
    expect(messages['checkout.cancelKeep' as keyof typeof messages]).toBe(
      all['checkout.cancelKeep' as keyof typeof all],
    );
    expect(Object.keys(texts).length).toBe(Object.keys(all).length);
  });
});
