import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl } from './intl-warm';

/** A stand-in for the browser's Worker: what it was given, and whether it was let go. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(data: unknown) {
    this.posted.push(data);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

describe('warmIntl', () => {
  it("hands the page's language to the worker and lets it go once it is ready", () => {
    vi.stubGlobal('Worker', FakeWorker);
    warmIntl('es-ES');
    const [worker] = FakeWorker.made;
    expect(worker.url.pathname).toMatch(/intl-warm\.worker\.ts$/);
    expect(worker.posted).toEqual(['es-ES']);
    expect(worker.terminated).toBe(false);
    worker.onmessage?.();
    expect(worker.terminated).toBe(true);
  });

  it('lets a worker that failed go too', () => {
    vi.stubGlobal('Worker', FakeWorker);
    warmIntl('pt-BR');
    FakeWorker.made[0].onerror?.();
    expect(FakeWorker.made[0].terminated).toBe(true);
  });

  it('does nothing where workers are missing or forbidden', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmIntl('pt-BR')).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('blocked', 'SecurityError');
        }
      },
    );
    expect(() => warmIntl('pt-BR')).not.toThrow();
  });
});
