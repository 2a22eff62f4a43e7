/**
 * Scores of an outside retrieval system (a TREC run, or a `query doc score`
 * TSV) matched against the subsets of a run: every query known, every
 * document or twin id known, and every twin pair scored — the original and
 * its twin — for every query. A corpus document the system did not return
 * for a query is "not retrieved": it ranks after every scored document
 * (modelAudit.ts scores it one below the query's lowest), as trec_eval
 * treats unretrieved documents.
 */
import { parseFile } from '../../formats/formatError.ts';
import { sha256Hex } from '../../sha256.ts';
import { parseRun } from '../../formats/trecRun.ts';
import { loadRetrieval, selectTasks, type AuditSubset, type ScoreTable } from '../retrieval/index.ts';
import { AuditInputError, type DatasetPort } from '../common/index.ts';
import { idList } from './idList.ts';
import { stripScoreFileHeader, type DatasetIdentity } from './scoreFileHeader.ts';


/** An outside system's scores as a run keeps them: its name, and the file it came from. */
export interface ImportedScores {
  readonly name: string;
  readonly file: string;
  readonly text: string;
  /** SHA-256 of the file's bytes (hex), recorded as the system's revision; the adapter that read the file computes it. */
  readonly sha256?: string;
}

/** The revision an imported file gets in the results: `sha256:<hex>` of its bytes (of its text when the reader gave no digest). */
export function importedRevision(imported: ImportedScores): string {
  return `sha256:${imported.sha256 ?? sha256Hex(new TextEncoder().encode(imported.text))}`;
}

/** What matching found, for the import form to show. */
export interface RetrievalScoresSummary {
  readonly queries: number;
  readonly scored: number;
  /** Corpus documents not returned for some query (they rank last there). */
  readonly notRetrieved: number;
}

/**
 * Parses and matches imported scores against the run's subsets.
 * @throws {FormatError} (file and line) for a malformed row, a non-finite score, a duplicate row, or another dataset version.
 * @throws {AuditInputError} naming the file for unknown ids or unscored twin pairs, listed and counted.
 */
export function matchRetrievalScores(imported: ImportedScores, subsets: readonly AuditSubset[], dataset: DatasetIdentity): { table: ScoreTable; summary: RetrievalScoresSummary } {
  const run = parseFile(imported.file, imported.text, (text) => parseRun(stripScoreFileHeader(text, dataset)));
  const queries = new Set(subsets.flatMap((s) => s.queries.map((q) => q.id)));
  const docs = new Set(subsets.flatMap((s) => [...s.corpus.map((d) => d.id), ...s.twins.map((t) => t.twinId)]));
  const unknownQueries = [...run.keys()].filter((q) => !queries.has(q));
  if (unknownQueries.length > 0) throw new AuditInputError(`query ids not in the dataset: ${idList(unknownQueries)}`, imported.file);
  const unknownDocs = [...new Set([...run.values()].flatMap((list) => list.map((d) => d.id)).filter((d) => !docs.has(d)))];
  if (unknownDocs.length > 0) throw new AuditInputError(`document or twin ids not in the dataset: ${idList(unknownDocs)}`, imported.file);
  const table = new Map([...run].map(([q, list]) => [q, new Map(list.map((d) => [d.id, d.score]))]));
  const missing: string[] = [];
  let notRetrieved = 0;
  const counted = new Set<string>();
  for (const s of subsets) {
    const countThis = !counted.has(s.task);
    counted.add(s.task);
    for (const q of s.queries) {
      const row = table.get(q.id);
      for (const t of s.twins) {
        if (row?.get(t.id) === undefined) missing.push(`${q.id}/${t.id}`);
        if (row?.get(t.twinId) === undefined) missing.push(`${q.id}/${t.twinId}`);
      }
      if (countThis) for (const d of s.corpus) if (row?.get(d.id) === undefined) notRetrieved++;
    }
  }
  const unique = [...new Set(missing)];
  if (unique.length > 0) throw new AuditInputError(`every twin pair needs a score for every query; missing (query/document): ${idList(unique)}`, imported.file);
  let scored = 0;
  for (const row of table.values()) scored += row.size;
  return { table, summary: { queries: table.size, scored, notRetrieved } };
}

/**
 * Reads the run's tasks from the dataset and matches imported scores
 * against them: what an import form checks before it keeps a file.
 * @throws as matchRetrievalScores, or AuditInputError for an unknown task.
 */
export async function checkRetrievalScores(dataset: DatasetPort, tasks: readonly string[], imported: ImportedScores): Promise<RetrievalScoresSummary> {
  const subsets: AuditSubset[] = [];
  for (const t of tasks) subsets.push(...(await loadRetrieval(dataset.read, selectTasks(dataset.manifest, t))).subsets.map((s) => s.subset));
  return matchRetrievalScores(imported, subsets, { id: dataset.manifest.id, version: dataset.manifest.version, manifestSha256: dataset.manifestSha256 }).summary;
}
