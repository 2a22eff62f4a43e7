/** A JSON value as JSON.parse returns it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The dataset a result was computed on: enough to find it again, never its content. */
export interface PermalinkDataset {
  readonly id: string;
  readonly version: string;
  /** SHA-256 of the dataset's manifest.json, 64 lower-case hex digits. */
  readonly manifestSha256: string;
}

/** A model of the run; `null` where a field does not apply (a BM25 baseline has no dtype). */
export interface PermalinkModel {
  readonly id: string;
  readonly revision: string | null;
  readonly dtype: string | null;
  readonly device: string | null;
}

/**
 * What a permalink holds (docs/permalinks.md). `results` is the summary JSON of
 * one results kind; this layer checks only that it is safe, bounded JSON.
 */
export interface PermalinkPayload {
  /** Schema version of the envelope and its results. */
  readonly v: number;
  /** Results kind, e.g. `retrieval-fairness`. */
  readonly kind: string;
  readonly dataset: PermalinkDataset;
  readonly models: readonly PermalinkModel[];
  readonly parameters: JsonObject;
  readonly results: JsonObject;
}

/**
 * What encodePermalink accepts: a payload whose parameters and results may be
 * any typed object (a results interface has no index signature); they are
 * checked at run time.
 */
export type PermalinkPayloadInput = Omit<PermalinkPayload, 'parameters' | 'results'> & {
  readonly parameters: object;
  readonly results: object;
};

/** The answer of decodePermalink: a checked payload, or a message for the user. */
export type DecodeResult =
  | { readonly ok: true; readonly payload: PermalinkPayload; readonly migratedFrom?: number }
  | { readonly ok: false; readonly error: string };
