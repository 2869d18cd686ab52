// Schema-driven fuzzing of every root field: the arguments of each query and mutation are generated
// from their GraphQL types (scalars, enums, input objects, lists, non-null), as plausible values
// (real ids of seeded records, valid dates) and hostile ones (the longest allowed list and one more,
// NUL and control characters, lone surrogates, extreme numbers, empty and over-long strings, inputs
// deeper than MAX_INPUT_DEPTH, `__proto__` and `constructor` keys, wrong types), sent as variables
// or as literals in the query text, uploads as multipart, with each caller's token. Every answer is
// checked (checkAnswer): never HTTP 5xx, a JSON body, never INTERNAL_SERVER_ERROR, a code on every
// error, within the request budget, no error-level log line, and nothing written by a mutation that
// answered an error (when the caller hands a database fingerprint).
//
// The root fields come from the schema itself (the app's builder, or introspection of a running
// service), so a field added tomorrow is fuzzed the day it is added. The cases are drawn with
// fast-check from a seed (per field: the seed and the field's name), so a failure reproduces with
// the same seed: `FIELD_FUZZ_SEED=<seed> FIELD_FUZZ_RUNS=<n>`.
//
// Used by test/security/field-fuzz.test.ts (quick mode) and meant for bench/attack.ts (a longer
// mode): `runFieldFuzz({ url, tokens, runsPerField, seed, onResult })`.
//
// The parts, by what they hold: field-fuzz/fields.ts (the fields, callers, limits, records),
// values.ts (plausible and hostile values), cases.ts (the operations sent), answers.ts (sending and
// the checks of an answer), run.ts (the run and its write check).
export { FUZZ_ROLES, introspectSchema, limitsOf, nestedFields, rootFields, unreachableFields, type FuzzLimits, type FuzzRecords, type FuzzRole, type RootField } from "./field-fuzz/fields.js";
export { fieldCases, fieldSeed, operationOf, selectionOf, toLiteral, type CaseOptions, type FuzzCase, type FuzzUpload } from "./field-fuzz/cases.js";
export { answeredError, checkAnswer, expectedRefusal, sendCase, type FuzzAnswer, type FuzzProblem, type ProblemClass } from "./field-fuzz/answers.js";
export { describeProblem, fuzzOrder, runFieldFuzz, type FieldFuzzOptions, type FuzzResult } from "./field-fuzz/run.js";
