import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '#schemas/contract.ts';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { type ApiClientDeps, createApiClient } from './client';
import { PREFETCH_MS } from './early-rpc';

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fake fetch handed to ky (the one test double here): records calls, answers a script. */
function fakeFetch(answer: (seen: Seen) => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const seen: Seen = {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(seen);
    return answer(seen);
  };
  return { fn: fn as typeof fetch, calls };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

function setup(
  answer: (seen: Seen) => Response | Promise<Response>,
  over: Partial<ApiClientDeps> = {},
) {
  const state = { token: null as string | null, cleared: 0, network: 0, locale: 'pt-BR' as Locale };
  const f = fakeFetch(answer);
  const deps: ApiClientDeps = {
    baseUrl: 'http://shop.test/',
    fetch: f.fn,
    getLocale: () => state.locale,
    getToken: () => state.token,
    setToken: (t) => {
      state.token = t;
    },
    clearSession: () => {
      state.token = null;
      state.cleared++;
    },
    getExtraParams: () => ({ utm_source: 'news', canal: 'app' }),
    onNetworkError: () => {
      state.network++;
    },
    ...over,
  };
  return { client: createApiClient(deps), calls: f.calls, state };
}

describe('api client', () => {
  it('posts RPC calls to router.php with class, method and positional params', async () => {
    const { client, calls } = setup(() => json({ result: [{ idevento: 1 }] }));
    const result = await client.rpc('SuperIngresso', 'getApresentacoesHorarios', [1, '2026-03-12']);
    expect(result).toEqual([{ idevento: 1 }]);
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/router.php');
    expect(call.url.searchParams.get('method')).toBe('getApresentacoesHorarios');
    expect(call.url.searchParams.get('class')).toBe('SuperIngresso');
    expect(call.body).toEqual({
      class: 'SuperIngresso',
      method: 'getApresentacoesHorarios',
      params: [1, '2026-03-12'],
    });
  });

  it('sends the language in underscore form and the saved extra params on every call', async () => {
    const { client, calls, state } = setup(() => json({ result: [] }));
    await client.get('logins', { url: 'http://shop.test' });
    state.locale = 'en-US';
    await client.rpc('SuperIngresso', 'getEventos', []);
    expect(calls[0]!.url.searchParams.get('lang')).toBe('pt_BR');
    expect(calls[0]!.url.searchParams.get('url')).toBe('http://shop.test');
    expect(calls[1]!.url.searchParams.get('lang')).toBe('en_US');
    for (const c of calls) {
      expect(c.url.searchParams.get('utm_source')).toBe('news');
      expect(c.url.searchParams.get('canal')).toBe('app');
    }
  });

  it('adds the bearer token only when logged in', async () => {
    const { client, calls, state } = setup((s) =>
      json({ result: null }, s.headers.get('authorization') ? { Authorization: 'Bearer t1' } : {}),
    );
    await client.rpc('SuperIngresso', 'getEventos', []);
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    state.token = 't1';
    await client.rpc('SuperIngresso', 'getEventos', []);
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer t1');
  });

  it('stores a refreshed token from the Authorization header', async () => {
    const { client, state } = setup(() => json({ result: 1 }, { Authorization: 'Bearer fresh' }));
    state.token = 'old';
    await client.rpc('SuperIngresso', 'getEventos', []);
    expect(state.token).toBe('fresh');
  });

  it('drops token and session when an authenticated call comes back without the header', async () => {
    const { client, state } = setup(() => json({ result: 1 }));
    state.token = 'old';
    await client.rpc('SuperIngresso', 'getEventos', []);
    expect(state.token).toBeNull();
    expect(state.cleared).toBe(1);
  });

  it('leaves the session alone on guest calls without the header', async () => {
    const { client, state } = setup(() => json({ result: 1 }));
    await client.rpc('SuperIngresso', 'getEventos', []);
    expect(state.cleared).toBe(0);
  });

  it('throws ApiError(code, message) for an error envelope and reports it', async () => {
    const onApiError = vi.fn();
    const { client } = setup(
      () => json({ error: { code: 0, message: 'Ingressos indisponíveis!' } }),
      { onApiError },
    );
    const p = client.rpc('SuperIngresso', 'iniciarReserva', [[{ idproduto: 1, qtd: 2 }], 5, []], {
      display: 'inline',
    });
    await expect(p).rejects.toBeInstanceOf(ApiError);
    await expect(p).rejects.toMatchObject({ code: 0, message: 'Ingressos indisponíveis!' });
    expect(onApiError).toHaveBeenCalledWith(expect.objectContaining({ code: 0 }), 'inline');
  });

  it('keeps the field errors of a rejected form, dropping malformed entries', async () => {
    const { client } = setup(() =>
      json({
        error: {
          code: 0,
          message: 'Insira sua senha atual',
          fields: [
            {
              field: '.old_password',
              id: 'error.currentPassword',
              message: 'Insira sua senha atual',
            },
            { field: 7, message: 'x' },
            { field: '.senha', message: '' },
            'junk',
          ],
        },
      }),
    );
    const p = client.post('pessoa/cadastro/trocar/senha', {});
    await expect(p).rejects.toMatchObject({
      code: 0,
      fields: [{ field: '.old_password', message: 'Insira sua senha atual' }],
    });
    const bare = setup(() => json({ error: { code: 0, message: 'x', fields: 'no' } }));
    const e = await bare.client.get('tickets/cart').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).fields).toBeUndefined();
    expect(JSON.parse(JSON.stringify(e))).toEqual({ code: 0, message: 'x' });
  });

  it('reads error envelopes sent with an HTTP error status', async () => {
    const { client } = setup(
      () =>
        new Response(JSON.stringify({ error: { code: 1, message: 'Sessão inválida' } }), {
          status: 401,
        }),
    );
    await expect(client.get('tickets/cart')).rejects.toMatchObject({ code: 1 });
  });

  it('rejects answers that are not an envelope', async () => {
    const { client } = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(client.get('logins')).rejects.toBeInstanceOf(ApiError);
  });

  it('raises the maintenance flag on a network failure', async () => {
    const { client, state } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.rpc('SuperIngresso', 'getEventos', [])).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
    });
    expect(state.network).toBe(1);
  });

  it('raises the maintenance flag on a timeout', async () => {
    const { client, state } = setup(
      (s) =>
        new Promise<Response>((_resolve, reject) => {
          void s;
          setTimeout(() => reject(new Error('never')), 1000);
        }),
      { timeoutMs: 20 },
    );
    await expect(client.get('logins')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
    expect(state.network).toBe(1);
  });

  it('posts REST bodies as JSON', async () => {
    const { client, calls } = setup(() => json({ result: { access_token: 'x' } }));
    await client.post('login/1', { _username: 'a@b.com', _password: 'p' });
    expect(calls[0]!.url.pathname).toBe('/login/1');
    expect(calls[0]!.body).toEqual({ _username: 'a@b.com', _password: 'p' });
  });
});

describe('prefetched calls', () => {
  const cart = { idmovimentacao: 7 };

  it('the next identical call takes the prefetched answer, once', async () => {
    const { client, calls } = setup(() => json({ result: cart }));
    void client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(await client.rpc('SuperIngresso', 'getCarrinhoPage', [])).toEqual(cart);
    expect(calls).toHaveLength(1);
    // Taken once: the call after asks the server again.
    await client.rpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(calls).toHaveLength(2);
  });

  it('another method or other params ask the server', async () => {
    const { client, calls } = setup(() => json({ result: { itens: [] } }));
    await client.prefetchRpc('SuperIngresso', 'getCarrinhoPageItens', [7, null, { api: true }]);
    await client.rpc('SuperIngresso', 'getCarrinhoPageItens', [8, null, { api: true }]);
    await client.rpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(calls).toHaveLength(3);
    // The prefetched one is still there for its own call.
    await client.rpc('SuperIngresso', 'getCarrinhoPageItens', [7, null, { api: true }]);
    expect(calls).toHaveLength(3);
  });

  it('a failed prefetch runs no error policy; the call that needed it asks again and runs it', async () => {
    const seen: ApiError[] = [];
    let answers = 0;
    const { client, calls, state } = setup(
      () => {
        answers++;
        return answers === 1
          ? json({ error: { code: 0, message: 'Sessão expirada' } })
          : json({ result: cart });
      },
      { onApiError: (e) => seen.push(e) },
    );
    await expect(client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', [])).rejects.toThrow(
      ApiError,
    );
    expect(seen).toEqual([]);
    expect(state.network).toBe(0);
    expect(await client.rpc('SuperIngresso', 'getCarrinhoPage', [])).toEqual(cart);
    expect(calls).toHaveLength(2);
  });

  it('an unreachable network during a prefetch is not announced until a call needs it', async () => {
    const { client, state } = setup(() => Promise.reject(new TypeError('offline')));
    await expect(client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', [])).rejects.toThrow();
    expect(state.network).toBe(0);
    await expect(client.rpc('SuperIngresso', 'getCarrinhoPage', [])).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
    });
    expect(state.network).toBe(1);
  });

  it('a call that may change things first (not a get…, or a REST post) drops the answers', async () => {
    const { client, calls } = setup(() => json({ result: cart }));
    await client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', []);
    // A read in between keeps it.
    await client.rpc('SuperIngressoWeb', 'getCarrinhoQtdReservados', []);
    await client.rpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(calls).toHaveLength(2);
    await client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', []);
    await client.rpc('SuperIngresso', 'iniciarReserva', [[{ idproduto: 1, qtd: 1 }], 5, []]);
    await client.rpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(calls).toHaveLength(5);
    await client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', []);
    await client.post('logout');
    await client.rpc('SuperIngresso', 'getCarrinhoPage', []);
    expect(calls).toHaveLength(8);
  });

  it('an unclaimed answer is dropped after its time', async () => {
    vi.useFakeTimers();
    try {
      const { client, calls } = setup(() => json({ result: cart }));
      await client.prefetchRpc('SuperIngresso', 'getCarrinhoPage', []);
      vi.advanceTimersByTime(PREFETCH_MS + 1);
      await client.rpc('SuperIngresso', 'getCarrinhoPage', []);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
