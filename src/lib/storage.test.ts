import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';
import { clearOnNewVersion, KEPT_ACROSS_VERSIONS, readString, STORAGE_KEYS } from './storage';

describe('stored data and the application version (spec §4)', () => {
  let local: Storage;
  let tab: Storage;
  beforeEach(() => {
    local = memoryStorage();
    tab = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', tab);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** What a visitor of version 1.0.0 left behind. */
  function visitedWith(version: string) {
    local.setItem(STORAGE_KEYS.version, version);
    local.setItem(STORAGE_KEYS.language, 'es-ES');
    local.setItem(STORAGE_KEYS.consent, '{"v":1,"analytics":true,"marketing":false}');
    local.setItem(STORAGE_KEYS.trackedOrders, '["ABC123"]');
    local.setItem(STORAGE_KEYS.localCart, '[{"idapresentacao":1}]');
    local.setItem(STORAGE_KEYS.token, 'token');
    local.setItem(STORAGE_KEYS.session, '{"nome":"Ana"}');
    local.setItem(STORAGE_KEYS.popupsSeen, '["tour-news"]');
    local.setItem(STORAGE_KEYS.extraParams, '{"utm_source":"x"}');
    local.setItem('si.checkin', '{"pendentes":[{"idingresso":1}]}');
    // Not ours (another app on the same origin): never touched.
    local.setItem('other.app', 'kept');
    tab.setItem(STORAGE_KEYS.heldHere, '42');
    tab.setItem('si.returnTarget', '{"kind":"route","route":"MeusPedidos"}');
    tab.setItem('other.tab', 'kept');
  }

  it('keeps everything while the version is the same', () => {
    visitedWith('1.0.0');
    expect(clearOnNewVersion('1.0.0')).toBe(false);
    expect(local.length).toBe(11);
    expect(tab.length).toBe(3);
  });

  it('clears the rest when it changes, keeping the choices, the sign-in and the hold', () => {
    visitedWith('1.0.0');
    expect(clearOnNewVersion('1.1.0')).toBe(true);
    const left = Object.fromEntries(
      Array.from({ length: local.length }, (_, i) => local.key(i)!).map((k) => [
        k,
        local.getItem(k),
      ]),
    );
    expect(left).toEqual({
      [STORAGE_KEYS.version]: '1.1.0',
      [STORAGE_KEYS.language]: 'es-ES',
      [STORAGE_KEYS.consent]: '{"v":1,"analytics":true,"marketing":false}',
      [STORAGE_KEYS.trackedOrders]: '["ABC123"]',
      [STORAGE_KEYS.token]: 'token',
      [STORAGE_KEYS.session]: '{"nome":"Ana"}',
      'si.checkin': '{"pendentes":[{"idingresso":1}]}',
      'other.app': 'kept',
    });
    // The tab's entries of the old version go too (where to go after login), but the hold this
    // tab made is the server's and stays with the sign-in.
    expect(tab.getItem(STORAGE_KEYS.heldHere)).toBe('42');
    expect(tab.getItem('si.returnTarget')).toBeNull();
    expect(tab.getItem('other.tab')).toBe('kept');
    // Once: the next load of the same version keeps what it writes.
    local.setItem(STORAGE_KEYS.localCart, '[]');
    expect(clearOnNewVersion('1.1.0')).toBe(false);
    expect(readString(STORAGE_KEYS.localCart)).toBe('[]');
  });

  it('on a first visit (no version stored) stores the version and clears nothing', () => {
    local.setItem(STORAGE_KEYS.token, 'token');
    local.setItem(STORAGE_KEYS.language, 'en-US');
    expect(clearOnNewVersion('1.0.0')).toBe(false);
    expect(readString(STORAGE_KEYS.version)).toBe('1.0.0');
    expect(readString(STORAGE_KEYS.token)).toBe('token');
    expect(readString(STORAGE_KEYS.language)).toBe('en-US');
  });

  it('keeps only what the shop decided to keep', () => {
    expect([...KEPT_ACROSS_VERSIONS].sort()).toEqual(
      [
        STORAGE_KEYS.consent,
        STORAGE_KEYS.language,
        STORAGE_KEYS.currency,
        STORAGE_KEYS.token,
        STORAGE_KEYS.session,
        STORAGE_KEYS.heldHere,
        STORAGE_KEYS.trackedOrders,
        STORAGE_KEYS.version,
        'si.checkin',
      ].sort(),
    );
  });

  it('works without storage at all (private mode)', () => {
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal('sessionStorage', undefined);
    expect(clearOnNewVersion('2.0.0')).toBe(false);
    expect(clearOnNewVersion('3.0.0')).toBe(true);
    expect(clearOnNewVersion('3.0.0')).toBe(false);
  });
});
