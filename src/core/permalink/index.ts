export { encodePermalink, FRAGMENT_PREFIX } from './encodePermalink.ts';
export { decodePermalink } from './decodePermalink.ts';
export type { DecodeOptions } from './decodePermalink.ts';
export { CURRENT_SCHEMA, MIGRATIONS, migratePayload } from './migrations.ts';
export type { Migration } from './migrations.ts';
export { permalinkUrl, fragmentFromUrl } from './url.ts';
export { payloadStrings, locatedPayloadStrings } from './payloadStrings.ts';
export type { PayloadString } from './payloadStrings.ts';
export {
  assertNoDatasetContent,
  DatasetContentError,
  MIN_CONTAINED_LENGTH,
  MIN_FORBIDDEN_LENGTH,
} from './assertNoDatasetContent.ts';
export { CATEGORY_FIELDS, datasetContentStrings, manifestStrings } from './datasetContentStrings.ts';
export { describeLocation } from './describeLocation.ts';
export type { PathStep } from './describeLocation.ts';
export type { GuardOptions } from './assertNoDatasetContent.ts';
export type { DatasetRecord } from './datasetContentStrings.ts';
export { diffResults } from './diffResults.ts';
export type { DiffResultsOptions, ResultDifference } from './diffResults.ts';
export { PermalinkShapeError } from './permalinkShapeError.ts';
export { PermalinkMessages } from './messages.ts';
export { validatePayload } from './validatePayload.ts';
export { RESULT_SCHEMAS } from './resultSchemas.ts';
export type { ResultSchema } from './resultSchema.ts';
export { toSafeJson } from './safeJson.ts';
export type { NonFiniteRule } from './safeJson.ts';
export { base64UrlDecode, base64UrlEncode } from './base64url.ts';
export { deflateRaw, inflateRawCapped } from './deflateRaw.ts';
export type { InflateResult } from './deflateRaw.ts';
export * from './limits.ts';
export type {
  DecodeResult,
  JsonObject,
  JsonValue,
  PermalinkDataset,
  PermalinkModel,
  PermalinkPayload,
  PermalinkPayloadInput,
} from './types.ts';
export { DECISIONS_TABLE_ID } from './outcomesLinkSchema.ts';
export { PREDICTIONS_FOLDER_ID } from './multiTaskSchema.ts';
