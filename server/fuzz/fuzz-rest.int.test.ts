// Fuzzing of the API's REST routes (server/fuzz/fuzz-suite.ts says how).
import { fuzzSuite } from './fuzz-suite';

fuzzSuite('rest');
