/**
 * The retrieval task (and its twins tasks) of a dataset folder, read and
 * turned into the audit's inputs: texts for the models, identifiers and
 * languages for the audit.
 */
import type { Manifest, RetrievalTask, TwinsTask } from '../../formats/manifest.ts';
import type { Qrels } from '../../formats/qrels.ts';
import type { CorpusRecord, TwinRecord } from '../../formats/records.ts';
import type { AuditSubset } from './input.ts';
import { documentText, twinText } from './scoring.ts';
import { AuditInputError, type ShardReader } from '../common/index.ts';
import { indexOfIds } from './indexOfIds.ts';
import { corpusGroupLabels, defaultGroupBy, groupableFields, twinsGroups, type GroupBy } from './groupLabels.ts';

/** Sorts records by identifier in code-unit order, so every reader yields the same audit input. */
function byId<T>(records: readonly T[], id: (r: T) => string): T[] {
  return [...records].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** The tasks `--task NAME` selects: a retrieval task and its twins tasks. */
export interface SelectedTasks {
  readonly retrieval: RetrievalTask;
  readonly twins: readonly TwinsTask[];
}

/**
 * NAME a retrieval task: it and every twins task `of` it. NAME a twins task:
 * its `of` task and it alone.
 * @throws {AuditInputError} for an unknown task or one of another type.
 */
export function selectTasks(manifest: Manifest, name: string): SelectedTasks {
  const task = manifest.tasks.find((t) => t.name === name);
  const retrievalNames = manifest.tasks.filter((t) => t.type === 'retrieval' || t.type === 'twins').map((t) => t.name);
  if (!task) throw new AuditInputError(`unknown task "${name}"; this dataset has ${retrievalNames.length ? retrievalNames.join(', ') : 'no retrieval or twins task'}`);
  if (task.type === 'twins') {
    const retrieval = manifest.tasks.find((t): t is RetrievalTask => t.type === 'retrieval' && t.name === task.of)!;
    return { retrieval, twins: [task] };
  }
  if (task.type !== 'retrieval') throw new AuditInputError(`task "${name}" is a ${task.type} task; run audits retrieval and twins tasks (${retrievalNames.join(', ')})`);
  return { retrieval: task, twins: manifest.tasks.filter((t): t is TwinsTask => t.type === 'twins' && t.of === name) };
}

/** One subset's audit input and the texts its models score. */
export interface LoadedSubset {
  readonly subset: AuditSubset;
  /** Twin texts (title of the original + twin_text), in subset.twins order. */
  readonly twinTexts: readonly string[];
  /** The twins shard the subset's twins come from ('' without twins), to embed each shard once. */
  readonly twinsShard: string;
}

export interface LoadedRetrieval {
  readonly queryTexts: readonly string[];
  readonly corpusTexts: readonly string[];
  readonly subsets: readonly LoadedSubset[];
  /** The fields the corpus can be grouped by (groupLabels.ts `groupableFields`). */
  readonly groupableFields: readonly string[];
  /** The grouping of the documents' labels (`AuditDocument.group`); undefined: none. */
  readonly groupBy?: GroupBy;
}

function toQrels(rows: readonly { query_id: string; corpus_id: string; score: number }[]): Qrels {
  const qrels: Qrels = new Map();
  for (const r of rows) {
    let docs = qrels.get(r.query_id);
    if (!docs) qrels.set(r.query_id, (docs = new Map()));
    docs.set(r.corpus_id, r.score);
  }
  return qrels;
}

/**
 * Where the documents the twins are of sit in the corpus, by identifier (core `indexOfIds`: a map of
 * the originals alone, not of the corpus).
 * @throws {AuditInputError} for a document's second twin, or a twin of a document outside the corpus.
 */
function originalsOf(records: readonly TwinRecord[], corpus: readonly CorpusRecord[], shard: string): Map<string, number> {
  const ids = new Set<string>();
  for (const t of records) {
    if (ids.has(t.id)) throw new AuditInputError(`twins shard "${shard}": document "${t.id}" has a second twin`);
    ids.add(t.id);
  }
  const originals = indexOfIds(corpus, (d) => d._id, ids);
  for (const t of records) if (!originals.has(t.id)) throw new AuditInputError(`twins shard "${shard}": twin "${t.twin_id}" names document "${t.id}", which is not in the corpus`);
  return originals;
}

/**
 * Reads the shards of the selected tasks and builds one subset per twins
 * task — or one subset without twins when the retrieval task has none.
 * Queries, documents and twins are put in identifier order, so the audit
 * (and its bootstrap) sees the same input whatever order a store keeps.
 * Each document carries its group label under `groupBy` (METRICS.md §12; groupLabels.ts): the
 * default grouping when undefined (`meta.gender`, else the twins groups), none when null.
 * @throws {AuditInputError} from readShard, for a twin of a document outside the corpus, or for a
 *   grouping no document has or of too many values.
 */
export async function loadRetrieval(read: ShardReader, tasks: SelectedTasks, groupBy?: GroupBy | null): Promise<LoadedRetrieval> {
  const { retrieval } = tasks;
  const corpus = byId(await read(retrieval.corpus, 'corpus'), (d) => d._id);
  const queries = byId(await read(retrieval.queries, 'queries'), (q) => q._id);
  const qrels = retrieval.qrels === undefined ? undefined : toQrels(await read(retrieval.qrels, 'qrels'));
  const twinRecords: (readonly TwinRecord[])[] = [];
  for (const t of tasks.twins) twinRecords.push(await read(t.twins, 'twins'));
  const groupsOfTwins = twinsGroups(twinRecords);
  const groupable = groupableFields(corpus, groupsOfTwins);
  const grouping = groupBy === null ? undefined : (groupBy ?? defaultGroupBy(groupable));
  const labels = grouping ? corpusGroupLabels(corpus, groupsOfTwins, grouping) : undefined;
  const base = {
    task: retrieval.name,
    queries: queries.map((q) => ({ id: q._id, lang: q.lang })),
    corpus: corpus.map((d, i) => (labels?.[i] === undefined ? { id: d._id, lang: d.lang } : { id: d._id, lang: d.lang, group: labels[i] })),
    qrels,
    relevanceThreshold: retrieval.relevance_threshold ?? 1,
    pool: retrieval.pool ?? 'corpus',
    ...(grouping ? { groupBy: [...grouping] } : {}),
  };
  const subsets: LoadedSubset[] = [];
  for (const [i, t] of tasks.twins.entries()) {
    const records = twinRecords[i];
    const originals = originalsOf(records, corpus, t.twins);
    const twins = byId(records, (r) => r.twin_id);
    subsets.push({
      subset: {
        ...base,
        twinsTask: t.name,
        twins: twins.map((r) => ({ id: r.id, twinId: r.twin_id, group: r.group, twinGroup: r.twin_group, lang: r.lang })),
        groups: [t.groups[0], t.groups[1]],
      },
      twinTexts: twins.map((r) => twinText(corpus[originals.get(r.id)!], r)),
      twinsShard: t.twins,
    });
  }
  if (subsets.length === 0) subsets.push({ subset: { ...base, twinsTask: '', twins: [], groups: ['', ''] }, twinTexts: [], twinsShard: '' });
  return { queryTexts: queries.map((q) => q.text), corpusTexts: corpus.map(documentText), subsets, groupableFields: groupable, ...(grouping ? { groupBy: grouping } : {}) };
}

/**
 * The fields the selected tasks' documents can be grouped by (METRICS.md §12; groupLabels.ts
 * `groupableFields`), what the Run form offers before a run: each task's corpus with the groups
 * its twins tasks give, and — since one grouping serves every task of a run — only the fields every
 * selected task's corpus can be grouped by, in code-unit order. A corpus shared by several tasks
 * is read once.
 * @throws {AuditInputError} from selectTasks (an unknown task) or from the reader.
 * @example await groupableFieldsOfTasks(dataset.read, dataset.manifest, ['briefs']) // ['lang', 'meta.gender', 'meta.seniority', 'twins.group']
 */
export async function groupableFieldsOfTasks(read: ShardReader, manifest: Manifest, taskNames: readonly string[]): Promise<string[]> {
  const corpora = new Map<string, readonly CorpusRecord[]>();
  let common: string[] | undefined;
  for (const name of taskNames) {
    const { retrieval, twins } = selectTasks(manifest, name);
    let corpus = corpora.get(retrieval.corpus);
    if (!corpus) corpora.set(retrieval.corpus, (corpus = await read(retrieval.corpus, 'corpus')));
    const twinRecords: (readonly TwinRecord[])[] = [];
    for (const t of twins) twinRecords.push(await read(t.twins, 'twins'));
    const fields = groupableFields(corpus, twinsGroups(twinRecords));
    common = common === undefined ? fields : common.filter((f) => fields.includes(f));
  }
  return common ?? [];
}
