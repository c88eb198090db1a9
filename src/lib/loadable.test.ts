import { describe, expect, it } from 'vitest';
import { loadable } from './loadable';

const Menu = () => null;

describe('loadable', () => {
  it('has no component before its code loads, and loads it once', async () => {
    let loads = 0;
    const target = loadable(async () => {
      loads += 1;
      return Menu;
    });
    expect(target.current()).toBeUndefined();
    const [a, b] = await Promise.all([target.load(), target.load()]);
    expect(a).toBe(Menu);
    expect(b).toBe(Menu);
    expect(target.current()).toBe(Menu);
    await target.load();
    expect(loads).toBe(1);
  });

  it('tries a failed load again', async () => {
    let attempt = 0;
    const target = loadable(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return Menu;
    });
    await expect(target.load()).rejects.toThrow('offline');
    expect(target.current()).toBeUndefined();
    expect(await target.load()).toBe(Menu);
    expect(attempt).toBe(2);
  });
});
