import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction } from './vite-plugin-react-router-production';

type ResolveId = (this: unknown, source: string) => string | null;
const resolveIn = (consumer: 'client' | 'server', source: string) =>
  (reactRouterProduction().resolveId as ResolveId).call(
    { environment: { config: { consumer } } },
    source,
  );

describe("React Router's production build in the browser", () => {
  it('the browser build takes dist/production for the router and its DOM entry', () => {
    for (const source of ['react-router', 'react-router/dom']) {
      const file = resolveIn('client', source);
      expect(file).toMatch(/react-router\/dist\/production\/[\w-]+\.mjs$/);
      expect(existsSync(file as string)).toBe(true);
    }
    expect(resolveIn('client', 'react-router-dom')).toBeNull();
    expect(resolveIn('client', 'react')).toBeNull();
  });

  it("the server's build keeps the package's own resolution", () => {
    expect(resolveIn('server', 'react-router')).toBeNull();
  });

  it("exports what the package's own entry exports", async () => {
    const production = (await import(
      /* @vite-ignore */ resolveIn('client', 'react-router') as string
    )) as Record<string, unknown>;
    const own = (await import('react-router')) as Record<string, unknown>;
    expect(Object.keys(production).sort()).toEqual(Object.keys(own).sort());
  });

  it('is still needed: the package itself resolves to its development build', () => {
    // When this fails, React Router's exports name its production build (remix-run/react-router
    // #14102): the plugin can go.
    expect(import.meta.resolve('react-router')).toMatch(/dist\/development\//);
  });
});
