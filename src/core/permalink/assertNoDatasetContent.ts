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
    /** Where it sits in the payload, e.g. `results.subsets[0].topIds[3]`. */
    readonly path: string,
  ) {
    super(
      `This result would share dataset content: ${quoteForMessage(found)} at ${path || 'the payload'}. ` +
        'A permalink holds only configuration and summary numbers.',
    );
    this.name = 'DatasetContentError';
  }
}

/**
 * The privacy guard run before a permalink is built: walks every string of the
 * payload (keys and values, payloadStrings order) and throws on the first that
 * equals a forbidden string (record ids and texts of the dataset), or that
 * contains a forbidden string of at least MIN_CONTAINED_LENGTH characters (a
 * passage pasted into a label). Forbidden strings shorter than
 * MIN_FORBIDDEN_LENGTH are ignored, so a dataset whose ids or texts include
 * `en` or `yes` does not block every link. Short forbidden strings are matched
 * whole only: a numeric id like `1234` must not trip on a hex manifest hash.
 * Cost: one Set lookup per payload string, plus a substring search per pair of
 * long payload string and long forbidden string.
 * @throws {DatasetContentError} naming the forbidden string and its path.
 * @example assertNoDatasetContent(payload, [...queryIds, ...docIds, ...queryTexts])
 */
export function assertNoDatasetContent(payload: unknown, forbidden: Iterable<string>): void {
  const whole = new Set<string>();
  const passages: string[] = [];
  for (const text of forbidden) {
    if (typeof text !== 'string' || text.length < MIN_FORBIDDEN_LENGTH) continue;
    whole.add(text);
    if (text.length >= MIN_CONTAINED_LENGTH) passages.push(text);
  }
  for (const { value, path } of locatedPayloadStrings(payload)) {
    if (whole.has(value)) throw new DatasetContentError(value, path);
    if (value.length <= MIN_CONTAINED_LENGTH) continue;
    for (const passage of passages) {
      if (passage.length < value.length && value.includes(passage)) throw new DatasetContentError(passage, path);
    }
  }
}
