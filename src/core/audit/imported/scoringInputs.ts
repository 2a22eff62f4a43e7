/**
 * "Export for scoring": the exact inputs an outside system must score for a
 * task of a stored dataset, as JSON Lines or CSV, naming the dataset, its
 * version and manifest SHA-256 — for a retrieval task every query and every
 * document and twin text (the system returns a TREC run or a `query doc
 * score` TSV); for a screening task every job × CV × variant pair (it
 * returns `job cv variant run score`, the originals scored `runs` times).
 */
import { csvRecord } from '../../formats/csvWrite.ts';
import { loadRetrieval, selectTasks } from '../retrieval/index.ts';
import { loadScreening, selectScreeningTask, screeningWorkList } from '../screening/index.ts';
import type { DatasetPort } from '../common/index.ts';
import { scoreFileHeader } from './scoreFileHeader.ts';
import { ORIGINAL_VARIANT } from './screeningScores.ts';

/** One text to score: a query, a corpus document, or a twin (with the document it stands in for). */
export interface RetrievalInputRow {
  readonly kind: 'query' | 'document' | 'twin';
  readonly id: string;
  readonly text: string;
  readonly original_id?: string;
  readonly lang?: string;
}

/** One (job, CV or variant) pair to score; the original CV is variant `orig`. */
export interface ScreeningInputRow {
  readonly job_id: string;
  readonly cv_id: string;
  readonly variant_id: string;
  readonly job_text: string;
  readonly cv_text: string;
}

export interface ScoringInputs<Row> {
  /** What the file is for and what to send back. */
  readonly header: {
    readonly dataset: string;
    readonly version: string;
    readonly manifest_sha256: string;
    readonly task: string;
    readonly provenance: string;
    readonly return: string;
    readonly runs?: number;
    /** In a sharded export: which shard this is, `<i>/<N>` (shardScoringInputs.ts). */
    readonly shard?: string;
  };
  readonly rows: readonly Row[];
}

function headerOf(dataset: DatasetPort, task: string, ret: string, runs?: number): ScoringInputs<never>['header'] {
  const identity = { id: dataset.manifest.id, version: dataset.manifest.version, manifestSha256: dataset.manifestSha256 };
  return { dataset: identity.id, version: identity.version, manifest_sha256: identity.manifestSha256, task, provenance: scoreFileHeader(identity), return: ret, ...(runs === undefined ? {} : { runs }) };
}

/** The texts of a retrieval task (and its twins tasks), each once. */
export async function retrievalScoringInputs(dataset: DatasetPort, task: string): Promise<ScoringInputs<RetrievalInputRow>> {
  const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, task));
  const base = data.subsets[0].subset;
  const rows: RetrievalInputRow[] = [
    ...base.queries.map((q, i) => ({ kind: 'query' as const, id: q.id, text: data.queryTexts[i], lang: q.lang })),
    ...base.corpus.map((d, i) => ({ kind: 'document' as const, id: d.id, text: data.corpusTexts[i], lang: d.lang })),
  ];
  const seen = new Set<string>();
  for (const s of data.subsets) {
    s.subset.twins.forEach((t, i) => {
      if (seen.has(t.twinId)) return;
      seen.add(t.twinId);
      rows.push({ kind: 'twin', id: t.twinId, text: s.twinTexts[i], original_id: t.id, lang: t.lang });
    });
  }
  const ret = 'a TREC run (qid Q0 docid rank score tag) or a TSV query-id<TAB>corpus-id<TAB>score, scoring every document and twin for every query; keep the provenance line as its first line';
  return { header: headerOf(dataset, task, ret), rows };
}

/** Every job × CV × variant pair of a screening task, with its texts. */
export async function screeningScoringInputs(dataset: DatasetPort, task: string | undefined, runs: number): Promise<ScoringInputs<ScreeningInputRow>> {
  const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, task));
  const work = screeningWorkList(data.parts);
  const rows: ScreeningInputRow[] = [
    ...work.originals.map((p) => ({ job_id: p.jobId, cv_id: p.cvId, variant_id: ORIGINAL_VARIANT, job_text: data.texts.job(p.jobId), cv_text: data.texts.cv(p.cvId) })),
    ...work.variants.map((p) => ({ job_id: p.jobId, cv_id: p.cvId, variant_id: p.variantId, job_text: data.texts.job(p.jobId), cv_text: data.texts.variant(p.variantId) })),
  ];
  const ret = `a TSV or CSV job<TAB>cv<TAB>variant<TAB>run<TAB>score (0–100), the originals (variant ${ORIGINAL_VARIANT}) scored in each of ${runs} runs and every variant once; keep the provenance line as its first line`;
  return { header: headerOf(dataset, data.task.name, ret, runs), rows };
}

/** JSON Lines: the header (`"kind": "header"`), then one row per line. */
export function scoringInputsJsonl<Row extends object>(inputs: ScoringInputs<Row>): string {
  return [JSON.stringify({ kind: 'header', ...inputs.header }), ...inputs.rows.map((r) => JSON.stringify(r))].join('\n') + '\n';
}

/** CSV: a header record, a `dataset` record (id@version, sha256), then one record per row. */
export function scoringInputsCsv<Row extends object>(inputs: ScoringInputs<Row>, columns: readonly (keyof Row & string)[]): string {
  const h = inputs.header;
  const provenance = [`dataset`, `${h.dataset}@${h.version}`, `sha256:${h.manifest_sha256}`, h.shard ? `shard:${h.shard}` : '', ...columns.slice(4).map(() => '')].slice(0, columns.length);
  return csvRecord(columns) + csvRecord(provenance) + inputs.rows.map((r) => csvRecord(columns.map((c) => r[c] as string | undefined))).join('');
}

export const RETRIEVAL_INPUT_COLUMNS = Object.freeze(['kind', 'id', 'text', 'original_id', 'lang'] as const);
export const SCREENING_INPUT_COLUMNS = Object.freeze(['job_id', 'cv_id', 'variant_id', 'job_text', 'cv_text'] as const);
