import { describeLocation } from './describeLocation.ts';
import { quoteForMessage } from './path.ts';
import { locatedPayloadStrings } from './payloadStrings.ts';

/** Dataset strings shorter than this are not checked: ids like `en` or `q1` would match ordinary words. */
export const MIN_FORBIDDEN_LENGTH = 4;
/** Dataset strings at least this long (passages of text) are also found inside longer payload strings. */
export const MIN_CONTAINED_LENGTH = 32;

/** Thrown by assertNoDatasetContent: the payload holds a string of the dataset. */
export class DatasetContentError extends Error {
  constructor(
    /** The dataset string that was found. */
    readonly found: string,
    /** Where it sits in the payload, e.g. `results.subsets[0].topIds[3]` (for logs and tests). */
    readonly path: string,
    /** Where it sits, in words (describeLocation): what the message says. */
    readonly where: string = path || 'the payload',
  ) {
    super(
      `Refused: ${where} is ${quoteForMessage(found)}, a string of the dataset's records. ` +
        'Links and reports hold only configuration and summary numbers, never a record’s id, text or value; nothing was shared or written.',
    );
    this.name = 'DatasetContentError';
  }
}

/** What the guard checks besides string values. */
export interface GuardOptions {
  /**
   * Whether object keys are checked too (default true: a link keyed by a record id must be
   * refused). A report's keys are its document schema's words, never content, so it passes false.
   */
  readonly keys?: boolean;
}

/**
 * The privacy guard run before a permalink or a report is built: walks every string of the
 * payload (keys and values, payloadStrings order) and throws on the first that
 * equals a forbidden string (record ids and values of the dataset), or that
 * contains a forbidden string of at least MIN_CONTAINED_LENGTH characters (a
 * passage pasted into a label). Forbidden strings shorter than
 * MIN_FORBIDDEN_LENGTH are ignored, so a dataset whose ids or texts include
 * `en` or `yes` does not block every link. Short forbidden strings are matched
 * whole only: a numeric id like `1234` must not trip on a hex manifest hash.
 * Cost: one Set lookup per payload string, plus a substring search per pair of
 * long payload string and long forbidden string.
 * @throws {DatasetContentError} naming the forbidden string and, in words, where it sits.
 * @example assertNoDatasetContent(payload, [...queryIds, ...docIds, ...queryTexts])
 */
export function assertNoDatasetContent(payload: unknown, forbidden: Iterable<string>, options: GuardOptions = {}): void {
  const whole = new Set<string>();
  const passages: string[] = [];
  for (const text of forbidden) {
    if (typeof text !== 'string' || text.length < MIN_FORBIDDEN_LENGTH) continue;
    whole.add(text);
    if (text.length >= MIN_CONTAINED_LENGTH) passages.push(text);
  }
  const checkKeys = options.keys ?? true;
  for (const s of locatedPayloadStrings(payload)) {
    if (s.isKey && !checkKeys) continue;
    const { value, path } = s;
    let found: string | undefined;
    if (whole.has(value)) found = value;
    else if (value.length > MIN_CONTAINED_LENGTH) found = passages.find((passage) => passage.length < value.length && value.includes(passage));
    if (found !== undefined) throw new DatasetContentError(found, path, describeLocation(payload, s.steps(), s.isKey));
  }
}
