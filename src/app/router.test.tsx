import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '#schemas/contract.ts';
import type { RouteHandle } from './route-handle';
import { createRoutes } from './router';

const brand = {
  multiLanguage: true,
  locales: ['pt-BR', 'es-ES', 'en-US'],
  defaultLocale: 'pt-BR',
} as BrandConfig;

/** The deepest route handle for a URL: the screen the shell will show. */
function screenAt(routes: ReturnType<typeof createRoutes>, url: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, url) ?? [];
  return [...matches].reverse().find((m) => m.route.handle)?.route.handle as
    | RouteHandle
    | undefined;
}

describe('route tree (multi-language)', () => {
  const routes = createRoutes(brand);

  it.each([
    ['/pt', 'Home'],
    ['/en', 'Home'],
    ['/pt/produto/1', 'Produto'],
    ['/es/producto/1', 'Produto'],
    ['/en/product/1', 'Produto'],
    ['/pt/meuspedidos', 'MeusPedidos'],
    ['/es/peticiones', 'MeusPedidos'],
    ['/en/requests', 'MeusPedidos'],
    ['/en/checkout', 'Checkout'],
    ['/en/profile', 'Perfil'],
    ['/es/perfil', 'Perfil'],
    ['/pt/informacoes/faq/', 'Informacoes'],
    ['/en/policies/cookies', 'Politicas'],
    ['/en/resetpassword', 'Senha'],
    ['/pt/validatemail', 'Confirmar'],
    ['/es/voucher', 'Voucher'],
  ])('%s shows %s', (url, route) => {
    expect(screenAt(routes, url)?.route).toBe(route);
  });

  it.each(['/pt/nada', '/en/produto/1', '/pt/product/1', '/xx/abc'])('%s is not found', (url) => {
    const handle = screenAt(routes, url);
    expect(handle?.route).toBeUndefined();
    expect(handle?.title).toBe('page.notFound.title');
  });

  it('keeps product and checkout under one layout (the cart hold survives between them)', () => {
    const product = matchRoutes(routes, '/pt/produto/1') ?? [];
    const checkout = matchRoutes(routes, '/pt/checkout') ?? [];
    expect(product.at(-2)?.route).toBe(checkout.at(-2)?.route);
    expect(product.at(-2)?.route.path).toBeUndefined();
  });
});

describe('route tree (single language tree)', () => {
  const routes = createRoutes({ ...brand, multiLanguage: false });

  it('answers every language path without a prefix', () => {
    expect(screenAt(routes, '/')?.route).toBe('Home');
    expect(screenAt(routes, '/meuspedidos')?.route).toBe('MeusPedidos');
    expect(screenAt(routes, '/requests')?.route).toBe('MeusPedidos');
    expect(screenAt(routes, '/producto/2')?.route).toBe('Produto');
    expect(screenAt(routes, '/pt/produto/2')?.route).toBeUndefined();
  });
});
