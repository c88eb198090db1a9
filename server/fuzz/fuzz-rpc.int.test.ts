// Fuzzing of the API's RPC methods (server/fuzz/fuzz-suite.ts says how).
import { fuzzSuite } from './fuzz-suite';

fuzzSuite('rpc');
