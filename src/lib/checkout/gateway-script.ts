import type { SandboxGatewayApi } from '#schemas/contract.ts';
import { loadScriptOnce } from '#src/lib/load-script.ts';

declare global {
  interface Window {
    SandboxGateway?: SandboxGatewayApi;
  }
}

/** Script chunk load timeout (spec §9: 120 s). */
const SCRIPT_TIMEOUT_MS = 120_000;

/** Adds the gateway's files (its tokenizer), each once; see {@link loadScriptOnce}. */
export function loadScripts(files: string[]): Promise<void> {
  return Promise.all(
    files.map((src) =>
      loadScriptOnce(src, { dataset: { gateway: 'true' }, timeoutMs: SCRIPT_TIMEOUT_MS }),
    ),
  ).then(() => undefined);
}
