import { describe, expect, it } from 'vitest';
import { nextRestart } from './cluster';

describe('nextRestart', () => {
  it('starts a worker that ran a while again within a second', () => {
    expect(nextRestart(0, 3_600_000)).toEqual({ quickExits: 0, delayMs: 1000 });
    // A long run forgets earlier quick exits.
    expect(nextRestart(5, 120_000)).toEqual({ quickExits: 0, delayMs: 1000 });
  });

  it('waits twice as long after each quick exit in a row, at most a minute', () => {
    let quickExits = 0;
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      const next = nextRestart(quickExits, 2000);
      quickExits = next.quickExits;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
});
