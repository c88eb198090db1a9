import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';
import {
  clearReturnTarget,
  isSafePath,
  RETURN_TARGET_KEY,
  readReturnTarget,
  returnTargetPath,
  storeReturnTarget,
} from './return-target';

describe('return target', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps a target across reads until it is cleared', () => {
    expect(readReturnTarget()).toBeNull();
    storeReturnTarget({ kind: 'route', route: 'Produto', params: { id: '3' } });
    expect(readReturnTarget()).toEqual({ kind: 'route', route: 'Produto', params: { id: '3' } });
    expect(readReturnTarget()).not.toBeNull();
    clearReturnTarget();
    expect(readReturnTarget()).toBeNull();
  });

  it('ignores what is not a target, and addresses of other sites', () => {
    sessionStorage.setItem(RETURN_TARGET_KEY, '{not json');
    expect(readReturnTarget()).toBeNull();
    sessionStorage.setItem(
      RETURN_TARGET_KEY,
      JSON.stringify({ kind: 'address', path: '//evil.example/x' }),
    );
    expect(readReturnTarget()).toBeNull();
    sessionStorage.setItem(RETURN_TARGET_KEY, JSON.stringify({ kind: 'route', route: 5 }));
    expect(readReturnTarget()).toBeNull();
    expect(isSafePath('/pt/checkout?x=1')).toBe(true);
    expect(isSafePath('https://evil.example')).toBe(false);
    expect(isSafePath('/\\evil.example')).toBe(false);
  });

  it('resolves a route in the language on screen, and an address as stored', () => {
    const multi = { multiLanguage: true };
    expect(returnTargetPath({ kind: 'route', route: 'MeusPedidos' }, 'en-US', multi)).toBe(
      '/en/requests',
    );
    expect(
      returnTargetPath({ kind: 'route', route: 'Produto', params: { id: '7' } }, 'es-ES', multi),
    ).toBe('/es/producto/7');
    expect(returnTargetPath({ kind: 'route', route: 'Nowhere' }, 'pt-BR', multi)).toBeNull();
    expect(returnTargetPath({ kind: 'address', path: '/pt/checkout' }, 'en-US', multi)).toBe(
      '/pt/checkout',
    );
  });
});
