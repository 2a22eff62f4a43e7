/**
 * Scores of an outside retrieval system (a TREC run, or a `query doc score`
 * TSV) matched against the subsets of a run: every query known, every
 * document or twin id known, and every twin pair scored — the original and
 * its twin — for every query. A corpus document the system did not return
 * for a query is "not retrieved": it ranks after every scored document
 * (modelAudit.ts scores it one below the query's lowest), as trec_eval
 * treats unretrieved documents.
 */
import { FormatError, parseFile } from '../../formats/formatError.ts';
import { forEachLine } from '../../formats/lineSplitter.ts';
import { RunLineReader } from '../../formats/runColumns.ts';
import { hasRunTextQuirk } from '../../formats/runTextQuirks.ts';
import { sha256Hex } from '../../sha256.ts';
import { parseRun } from '../../formats/trecRun.ts';
import { loadRetrieval, selectTasks, type AuditSubset, type ScoreTable } from '../retrieval/index.ts';
import { AuditInputError, type DatasetPort } from '../common/index.ts';
import { idList } from './idList.ts';
import { readProvenance, stripScoreFileHeader, type DatasetIdentity } from './scoreFileHeader.ts';


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
  const table = parseFile(imported.file, imported.text, (text) => readScoreTable(text, dataset));
  const queries = new Set(subsets.flatMap((s) => s.queries.map((q) => q.id)));
  const docs = new Set(subsets.flatMap((s) => [...s.corpus.map((d) => d.id), ...s.twins.map((t) => t.twinId)]));
  const unknownQueries = [...table.keys()].filter((q) => !queries.has(q));
  if (unknownQueries.length > 0) throw new AuditInputError(`query ids not in the dataset: ${idList(unknownQueries)}`, imported.file);
  const unknownDocs = new Set<string>();
  for (const row of table.values()) for (const d of row.keys()) if (!docs.has(d)) unknownDocs.add(d);
  if (unknownDocs.size > 0) throw new AuditInputError(`document or twin ids not in the dataset: ${idList([...unknownDocs])}`, imported.file);
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

/**
 * A score file's scores by query, then document or twin, in the order read: parseRun on the text
 * with its `#` lines checked and blanked (stripScoreFileHeader), the same table and the same
 * refusals. Read in place with RunLineReader (no string and no object per line: a 720,000-line
 * file of the bundled dataset took about 2 s of parsing and garbage collection the other way); a
 * text the two readers could read differently (runTextQuirks.ts), or one the fast reading
 * refuses, is read the other way, whose refusal is the one given.
 * @throws {FormatError} naming the line, as parseRun and stripScoreFileHeader.
 */
export function readScoreTable(text: string, dataset: DatasetIdentity): ScoreTable {
  if (!hasRunTextQuirk(text)) {
    try {
      return readScoreTableInPlace(text, dataset);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
    }
  }
  const run = parseRun(stripScoreFileHeader(text, dataset));
  return new Map([...run].map(([q, list]) => [q, new Map(list.map((d) => [d.id, d.score]))]));
}

const HASH = 0x23;

function readScoreTableInPlace(text: string, dataset: DatasetIdentity): ScoreTable {
  const reader = new RunLineReader();
  const table = new Map<string, Map<string, number>>();
  let row: Map<string, number> | undefined;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  let rows = 0;
  forEachLine({ text, line: 1, count: lines }, (t, start, end, line) => {
    if (t.charCodeAt(start) === HASH) {
      // A provenance line must name the stored dataset (stripScoreFileHeader's check); other comments are skipped.
      if (readProvenance(t.slice(start, end)) !== undefined) stripScoreFileHeader(t.slice(start, end), dataset);
      return;
    }
    if (!reader.read(t, line, start, end)) return;
    if (reader.newQuery || row === undefined) {
      row = table.get(reader.queryId);
      if (!row) table.set(reader.queryId, (row = new Map()));
    }
    if (row.has(reader.docId)) throw new FormatError(`document "${reader.docId}" appears twice for query "${reader.queryId}"`, line);
    row.set(reader.docId, reader.score);
    rows++;
  });
  if (rows === 0) throw new FormatError('empty run file: no scored documents found');
  return table;
}
