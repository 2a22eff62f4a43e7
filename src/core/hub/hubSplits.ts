import { FormatError } from '../formats/formatError.ts';
import type { HubPlacedFile, HubRole } from './hubLayout.ts';

/** Qrels splits in order of preference when the dataset has several (as buildMtebManifest). */
export const SPLIT_PREFERENCE = Object.freeze(['test', 'dev', 'validation', 'train']);

/**
 * The qrels splits of a dataset, most preferred first (SPLIT_PREFERENCE, then by name).
 * @example orderedSplits(['train', 'b', 'test', 'a']) // ['test', 'train', 'a', 'b']
 */
export function orderedSplits(splits: Iterable<string>): string[] {
  const rank = (s: string) => (SPLIT_PREFERENCE.includes(s) ? SPLIT_PREFERENCE.indexOf(s) : SPLIT_PREFERENCE.length);
  return [...new Set(splits)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The files of one subset to use for a qrels split: for the qrels, exactly that split's; for the
 * corpus, queries and twins, that split's when they are split like the qrels, else those of their
 * only split (or of the split named after the role, or the root files beside config folders).
 * @throws {FormatError} when the part has several splits and none fits.
 */
export function filesFor(role: HubRole, files: readonly HubPlacedFile[], split: string): HubPlacedFile[] {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const bySplit = (s: string | undefined) => oneLayout(sorted.filter((p) => p.split === s));
  if (role === 'qrels') return bySplit(split);
  if (bySplit(split).length > 0) return bySplit(split);
  const splits = [...new Set(sorted.map((p) => p.split))];
  if (splits.length <= 1) return oneLayout(sorted);
  if (bySplit(role).length > 0) return bySplit(role);
  // Root files beside config folders: the root ones are the BEIR originals.
  if (bySplit(undefined).length > 0) return bySplit(undefined);
  throw new FormatError(`the ${role} has splits ${splits.map((s) => `"${s}"`).join(', ')} and none is "${split}": pick the split with owner/name:config/split`);
}

/**
 * The files of one layout: when the same part is there twice (BEIR files and a Parquet folder,
 * as after a conversion; or `qrels/test.jsonl` beside `qrels/test-00000-of-00001.parquet` in one
 * folder), the Parquet files, so no record is read twice.
 */
function oneLayout(files: readonly HubPlacedFile[]): HubPlacedFile[] {
  const folder = (p: HubPlacedFile) => (p.path.includes('/') ? p.path.split('/')[0] : '');
  const parquet = (p: HubPlacedFile) => p.path.endsWith('.parquet');
  const folders = [...new Set(files.map(folder))];
  const chosen = folders.find((f) => files.some((p) => folder(p) === f && parquet(p))) ?? folders[0];
  const mine = files.filter((p) => folder(p) === chosen);
  return mine.some(parquet) ? mine.filter(parquet) : mine;
}
