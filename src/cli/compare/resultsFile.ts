/**
 * A results file of `fairground compare` and `check`: the JSON of `run`
 * (retrieval or screening), of `eval outcomes`, or a results object exported
 * from the web app.
 */
import type { CliIo } from '../command.ts';
import { InputError } from '../errors.ts';
import { readJsonInput } from '../jsonInput.ts';
import { parseResults } from '../../core/audit/retrieval/index.ts';
import { parseScreeningResults } from '../../core/audit/screening/index.ts';
import type { ComparableResults, StoredRun } from '../../core/audit/compare/index.ts';
import type { OutcomesResults } from '../../core/audit/outcomes/index.ts';

/**
 * Reads and checks a results file; the run is labelled by its path.
 * @throws {InputError} naming the file for JSON that is not a results object (or a list of them, as `run --k 5,10` writes).
 */
export async function readResultsFile(io: CliIo, file: string): Promise<StoredRun> {
  const text = await io.readText(file);
  const value = readJsonInput(text, file);
  if (Array.isArray(value)) {
    // `run --k 5,10` writes a list of results objects, one per k; any other array is not results at all.
    const perK = value.length > 0 && value.every((v) => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'retrieval-fairness');
    if (perK) throw new InputError(`holds ${value.length} results objects (one per k, from run --k a,b): write one k per file`, file);
    throw new InputError(`not a results file: a JSON array of ${value.length} value(s), not a Fairground results object (the output of run, or of eval outcomes)`, file);
  }
  const kind = (value as { kind?: unknown; audit?: unknown } | null)?.kind ?? (value as { audit?: unknown } | null)?.audit;
  let results: ComparableResults;
  try {
    if (kind === 'retrieval-fairness') results = parseResults(value);
    else if (kind === 'screening') results = parseScreeningResults(value);
    else if (kind === 'outcomes' && Array.isArray((value as OutcomesResults).groupings)) results = value as OutcomesResults;
    else throw new TypeError('not a Fairground results object (the output of run, or of eval outcomes)');
  } catch (e) {
    throw new InputError((e as Error).message, file);
  }
  return { label: file, results };
}
