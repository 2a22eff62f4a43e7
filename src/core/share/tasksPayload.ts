/**
 * The link of a multi-task scoring audit of one predictions folder (docs/permalinks.md, kind
 * `multi-task`): each task's score with its CI and baselines, each capability and Overall, the
 * missing-output rule — never a record, and without the slices (keyed by the records' own
 * `source` values). The envelope names the folder by the SHA-256 of its files (filesSha256).
 */
import type { MultiTaskResults } from '../audit/tasks/index.ts';
import { CURRENT_SCHEMA, PREDICTIONS_FOLDER_ID, type PermalinkPayloadInput } from '../permalink/index.ts';
import { atLinkPrecision } from './linkPrecision.ts';

/**
 * @param folderSha256 filesSha256 of the predictions folder's files.
 * @example tasksPayload(results, sha).kind // 'multi-task'
 */
export function tasksPayload(results: MultiTaskResults, folderSha256: string): PermalinkPayloadInput {
  const tasks = Object.fromEntries(Object.entries(results.tasks).map(([name, { slices: _slices, ...task }]) => [name, task]));
  return {
    v: CURRENT_SCHEMA,
    kind: 'multi-task',
    dataset: { id: PREDICTIONS_FOLDER_ID, version: '', manifestSha256: folderSha256 },
    models: [],
    parameters: { detail: 'full', missing: results.missing_rule },
    results: atLinkPrecision(JSON.parse(JSON.stringify({ ...results, tasks })) as object),
  };
}
