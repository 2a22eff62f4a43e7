/**
 * Bounds on what a permalink may hold. They exist so that a hostile or damaged
 * link cannot make the page hang or run out of memory; a real result is far
 * below each of them (docs/permalinks.md, "Limits").
 */

/** Longest fragment (characters after `#`, i.e. bytes: base64url is ASCII) that is decoded at all. */
export const MAX_FRAGMENT_LENGTH = 64 * 1024;
/** Most bytes of UTF-8 JSON a fragment may inflate to; reading stops past it. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Longest string value, in UTF-16 code units. */
export const MAX_STRING_LENGTH = 2048;
/** Longest object key, in UTF-16 code units. */
export const MAX_KEY_LENGTH = 256;
/** Most items in one array. */
export const MAX_ARRAY_LENGTH = 10_000;
/** Most keys in one object. */
export const MAX_OBJECT_KEYS = 1_000;
/** Deepest nesting of arrays and objects (the envelope itself is depth 1). */
export const MAX_DEPTH = 32;
/** Most models in a payload. */
export const MAX_MODELS = 256;
/** Keys refused anywhere in a payload, so no consumer can be led into prototype pollution. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/*
 * Bounds inside a results payload (docs/permalinks.md, "What the results must be").
 * A real result is far below each; they keep a view from drawing 10 000 tabs or rows.
 */
/** Most subsets (query sets) in a retrieval-fairness result. */
export const MAX_SUBSETS = 64;
/** Most languages, directions or attributes keyed under one model. */
export const MAX_SCOPES = 64;
/** Most effects, or noise-floor rows, of one screening model. */
export const MAX_EFFECTS = 1_000;
/** Most points of a threshold-sensitivity curve (cut-offs 0..100). */
export const MAX_CUTOFFS = 101;
/** Most files imported vectors name (model.importedFiles): a folder holds a handful. */
export const MAX_IMPORTED_FILES = 64;
/** Largest cut-off k of a retrieval audit. */
export const MAX_K = 1_000;
/** Most bootstrap resamples. */
export const MAX_BOOTSTRAP = 100_000;
/** Most runs T of a screening audit. */
export const MAX_RUNS = 1_000;
/** Most runs in a comparison link. */
export const MAX_COMPARED_RUNS = 64;
/** Most compared pairs of rows in a comparison link. */
export const MAX_COMPARISONS = 1_000;
/** Most metrics a comparison compares. */
export const MAX_COMPARED_METRICS = 64;
