import { FormatError } from '../formats/formatError.ts';
import type { HubFileMap } from './hubFileMap.ts';

/** What a Hub dataset's layout leaves open: which files are what (`files`), or the groups of twins attributes (`groups`). */
export type HubLayoutGap = 'files' | 'groups';

/**
 * A Hub dataset whose files Fairground cannot place by itself, with what a
 * form needs to ask the user: the data files, a map to start from, and the
 * twins attributes whose groups are unknown. Its message says what is missing.
 */
export class HubLayoutError extends FormatError {
  override readonly name = 'HubLayoutError';
  constructor(
    message: string,
    readonly gap: HubLayoutGap,
    /** The listing's data files (JSONL, TSV, Parquet), by path. */
    readonly files: readonly string[],
    /** The roles the known layouts give (or the user's map, when one was given). */
    readonly suggested: HubFileMap,
    /** Twins attributes with no groups from the card or the user. */
    readonly missingGroups: readonly string[] = [],
    /** The twins files of each of those attributes (their records may carry the groups). */
    readonly twinFiles: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(message);
  }
}
