/**
 * The retrieval task (and its twins tasks) of a dataset folder, read and
 * turned into the audit's inputs: texts for the models, identifiers and
 * languages for the audit.
 */
import type { Manifest, RetrievalTask, TwinsTask } from '../../core/formats/manifest.ts';
import type { Qrels } from '../../core/formats/qrels.ts';
import type { CorpusRecord, TwinRecord } from '../../core/formats/records.ts';
import type { AuditSubset } from '../../core/audit/input.ts';
import { documentText, twinText } from '../../core/audit/scoring.ts';
import { InputError } from '../errors.ts';
import { readShard, type DatasetFolder } from './datasetFolder.ts';

/** The tasks `--task NAME` selects: a retrieval task and its twins tasks. */
export interface SelectedTasks {
  readonly retrieval: RetrievalTask;
  readonly twins: readonly TwinsTask[];
}

/**
 * NAME a retrieval task: it and every twins task `of` it. NAME a twins task:
 * its `of` task and it alone.
 * @throws {InputError} for an unknown task or one of another type.
 */
export function selectTasks(manifest: Manifest, name: string): SelectedTasks {
  const task = manifest.tasks.find((t) => t.name === name);
  const retrievalNames = manifest.tasks.filter((t) => t.type === 'retrieval' || t.type === 'twins').map((t) => t.name);
  if (!task) throw new InputError(`unknown task "${name}"; this dataset has ${retrievalNames.length ? retrievalNames.join(', ') : 'no retrieval or twins task'}`);
  if (task.type === 'twins') {
    const retrieval = manifest.tasks.find((t): t is RetrievalTask => t.type === 'retrieval' && t.name === task.of)!;
    return { retrieval, twins: [task] };
  }
  if (task.type !== 'retrieval') throw new InputError(`task "${name}" is a ${task.type} task; run audits retrieval and twins tasks (${retrievalNames.join(', ')})`);
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

function twinsOf(records: readonly TwinRecord[], corpus: ReadonlyMap<string, CorpusRecord>, shard: string): TwinRecord[] {
  const seen = new Set<string>();
  for (const t of records) {
    if (!corpus.has(t.id)) throw new InputError(`twins shard "${shard}": twin "${t.twin_id}" names document "${t.id}", which is not in the corpus`);
    if (seen.has(t.id)) throw new InputError(`twins shard "${shard}": document "${t.id}" has a second twin`);
    seen.add(t.id);
  }
  return [...records];
}

/**
 * Reads the shards of the selected tasks (each verified, see readShard) and
 * builds one subset per twins task — or one subset without twins when the
 * retrieval task has none.
 * @throws {InputError} from readShard, or for a twin of a document outside the corpus.
 */
export async function loadRetrieval(folder: DatasetFolder, tasks: SelectedTasks): Promise<LoadedRetrieval> {
  const { retrieval } = tasks;
  const corpus = await readShard(folder, retrieval.corpus, 'corpus');
  const queries = await readShard(folder, retrieval.queries, 'queries');
  const qrels = toQrels(await readShard(folder, retrieval.qrels, 'qrels'));
  const byId = new Map(corpus.map((d) => [d._id, d]));
  const base = {
    task: retrieval.name,
    queries: queries.map((q) => ({ id: q._id, lang: q.lang })),
    corpus: corpus.map((d) => ({ id: d._id, lang: d.lang })),
    qrels,
    relevanceThreshold: retrieval.relevance_threshold ?? 1,
  };
  const subsets: LoadedSubset[] = [];
  for (const t of tasks.twins) {
    const twins = twinsOf(await readShard(folder, t.twins, 'twins'), byId, t.twins);
    subsets.push({
      subset: {
        ...base,
        twinsTask: t.name,
        twins: twins.map((r) => ({ id: r.id, twinId: r.twin_id, group: r.group, twinGroup: r.twin_group, lang: r.lang })),
        groups: [t.groups[0], t.groups[1]],
      },
      twinTexts: twins.map((r) => twinText(byId.get(r.id)!, r)),
      twinsShard: t.twins,
    });
  }
  if (subsets.length === 0) subsets.push({ subset: { ...base, twinsTask: '', twins: [], groups: ['', ''] }, twinTexts: [], twinsShard: '' });
  return { queryTexts: queries.map((q) => q.text), corpusTexts: corpus.map(documentText), subsets };
}
