/**
 * The params validators of every RPC method, compiled once from schemas/rpc/*.params.schema.json
 * (JSON Schema 2020-12, ajv strict mode).
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { RpcClass } from '#schemas/contract.ts';
import { paramsSchemaFile, RPC_METHOD_LIST } from '#schemas/rpc/methods.ts';

const SCHEMA_DIR = new URL('../../schemas/rpc/', import.meta.url);

/** Reads the params schema of a method. */
export function readParamsSchema(cls: RpcClass, method: string): object {
  const file = new URL(paramsSchemaFile(cls, method as never), SCHEMA_DIR);
  return JSON.parse(readFileSync(file, 'utf8')) as object;
}

/** Compiles the validator of every contract method, keyed `Class.method`. */
export function compileParamValidators(): Map<string, ValidateFunction> {
  // strictTuples off: a trailing optional param (getProdutos' idbloco) is a tuple whose minItems
  // is less than its prefixItems; schemas/rpc-contract.test.ts checks every params schema is
  // still bounded (items false, minItems and maxItems).
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: false });
  addFormats(ajv);
  const out = new Map<string, ValidateFunction>();
  for (const { cls, method } of RPC_METHOD_LIST) {
    out.set(`${cls}.${method}`, ajv.compile(readParamsSchema(cls, method)));
  }
  return out;
}
