import { describe, expect, it } from 'vitest';
import { LOCALES } from '#schemas/contract.ts';
import { matchAppPath, pathFor, ROUTE_NAMES, ROUTES, switchLanguagePath } from './routes';

const multi = { multiLanguage: true };
const single = { multiLanguage: false };

describe('route table', () => {
  it('has the paths of spec §2', () => {
    expect(ROUTES.Perfil.paths).toEqual({
      'pt-BR': 'perfil',
      'es-ES': 'perfil',
      'en-US': 'profile',
    });
    expect(ROUTES.MeusPedidos.paths).toEqual({
      'pt-BR': 'meuspedidos',
      'es-ES': 'peticiones',
      'en-US': 'requests',
    });
    expect(ROUTES.Produto.paths['es-ES']).toBe('producto/:id');
    expect(ROUTES.Senha.paths['en-US']).toBe('resetpassword');
    for (const l of LOCALES) {
      expect(ROUTES.Checkout.paths[l]).toBe('checkout');
      expect(ROUTES.Confirmar.paths[l]).toBe('validatemail');
      expect(ROUTES.Voucher.paths[l]).toBe('voucher');
      expect(ROUTES.Home.paths[l]).toBe('');
    }
  });

  it('has no two screens on the same path in one language', () => {
    for (const l of LOCALES) {
      const paths = ROUTE_NAMES.map((n) => ROUTES[n].paths[l]);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});

describe('pathFor', () => {
  it('prefixes the language when multi-language is on', () => {
    expect(pathFor('Home', 'pt-BR', {}, multi)).toBe('/pt');
    expect(pathFor('Produto', 'en-US', { id: 1 }, multi)).toBe('/en/product/1');
    expect(pathFor('Produto', 'es-ES', { id: 42 }, multi)).toBe('/es/producto/42');
    expect(pathFor('MeusPedidos', 'es-ES', {}, multi)).toBe('/es/peticiones');
    expect(pathFor('Politicas', 'en-US', { pagina: 'cookies' }, multi)).toBe(
      '/en/policies/cookies',
    );
  });

  it('has no prefix in a single-tree brand', () => {
    expect(pathFor('Home', 'pt-BR', {}, single)).toBe('/');
    expect(pathFor('MeusPedidos', 'en-US', {}, single)).toBe('/requests');
    expect(pathFor('Checkout', 'es-ES', {}, single)).toBe('/checkout');
  });

  it('defaults to multi-language', () => {
    expect(pathFor('Perfil', 'en-US')).toBe('/en/profile');
  });

  it('round-trips through matchAppPath for every screen and language', () => {
    for (const name of ROUTE_NAMES) {
      for (const l of LOCALES) {
        const params = { id: 7, pagina: 'faq' };
        const path = pathFor(name, l, params, multi);
        const m = matchAppPath(path, multi);
        expect(m?.name).toBe(name);
        expect(m?.locale).toBe(l);
      }
    }
  });
});

describe('matchAppPath', () => {
  it('reads the language and the params', () => {
    expect(matchAppPath('/en/product/12', multi)).toEqual({
      name: 'Produto',
      locale: 'en-US',
      params: { id: '12' },
    });
    expect(matchAppPath('/pt/informacoes/faq/', multi)).toEqual({
      name: 'Informacoes',
      locale: 'pt-BR',
      params: { pagina: 'faq' },
    });
  });

  it("refuses another language's path under a prefix", () => {
    expect(matchAppPath('/en/produto/1', multi)).toBeNull();
    expect(matchAppPath('/pt/requests', multi)).toBeNull();
  });

  it('matches unprefixed paths of any language (to redirect them)', () => {
    expect(matchAppPath('/produto/3', multi)).toEqual({
      name: 'Produto',
      locale: null,
      params: { id: '3' },
    });
    expect(matchAppPath('/requests', single)?.locale).toBe('en-US');
  });

  it('returns null for unknown paths', () => {
    expect(matchAppPath('/pt/nada', multi)).toBeNull();
    expect(matchAppPath('/xx', multi)).toBeNull();
  });
});

describe('switchLanguagePath', () => {
  it('goes to the same screen in the other language', () => {
    expect(switchLanguagePath('/pt/produto/1', '', 'en-US', multi)).toBe('/en/product/1');
    expect(switchLanguagePath('/en/requests', '?page=2', 'es-ES', multi)).toBe(
      '/es/peticiones?page=2',
    );
    expect(switchLanguagePath('/es', '', 'pt-BR', multi)).toBe('/pt');
    expect(switchLanguagePath('/pt/checkout', '', 'en-US', multi)).toBe('/en/checkout');
    expect(switchLanguagePath('/meuspedidos', '', 'en-US', single)).toBe('/requests');
  });

  it('takes a content page to its slug in the other language', () => {
    const slugs = [
      { 'pt-BR': 'privacidade', 'es-ES': 'privacidad', 'en-US': 'privacy' },
      { 'pt-BR': 'perguntas-frequentes', 'es-ES': 'preguntas-frecuentes', 'en-US': 'faq' },
    ];
    expect(switchLanguagePath('/pt/politicas/privacidade', '', 'en-US', multi, slugs)).toBe(
      '/en/policies/privacy',
    );
    expect(switchLanguagePath('/en/information/faq', '', 'es-ES', multi, slugs)).toBe(
      '/es/informacion/preguntas-frecuentes',
    );
    // A slug nobody has stays as it is (the page then says it is not found).
    expect(switchLanguagePath('/pt/politicas/outra', '', 'en-US', multi, slugs)).toBe(
      '/en/policies/outra',
    );
  });

  it('sends an unknown page to the home of the other language', () => {
    expect(switchLanguagePath('/pt/nada', '', 'en-US', multi)).toBe('/en');
  });
});
