/**
 * Outside systems in a Run form (issue 13, black-box audits): export the
 * inputs a system must score, import the scores it sent back — matched
 * against the stored dataset before anything is kept — and pick them to
 * audit beside the in-browser models. The files never leave this page; a
 * run keeps the scores it audited with itself in IndexedDB.
 */
import { checkRetrievalScores, checkScreeningScores, checkVectors, filesLabel, importedVectorEntries, joinScoreShards, readVectorFiles, RETRIEVAL_INPUT_COLUMNS, SCREENING_INPUT_COLUMNS, retrievalScoringInputs, screeningScoringInputs, scoringInputsCsv, scoringInputsJsonl, type ImportedScores, type ImportedVectors } from '../../core/audit/imported/index.ts';
import { EmbeddingCache } from '../../storage/embeddingCache.ts';
import { describeInputError } from '../../core/formats/formatError.ts';
import { scoreFileText } from '../../core/formats/scoreFileText.ts';
import { sha256Hex } from '../../core/sha256.ts';
import { storedDataset } from '../runs/storedDataset.ts';
import { downloadText } from '../../present/plots/export.ts';
import { database } from './database.ts';

/** What the form audits: a retrieval run's tasks, or a screening run's task and runs. */
export type OutsideTarget =
  | { readonly kind: 'retrieval'; readonly datasetId: string; readonly tasks: readonly string[] }
  | { readonly kind: 'screening'; readonly datasetId: string; readonly task: string; readonly runs: number };

/** Scores of a system, or vectors of an embedding model run elsewhere (retrieval only; stored in the embedding cache). */
export type OutsideSystem = { readonly name: string; readonly files: string; /** What matching found, in words. */ readonly summary: string } & (
  | { readonly kind: 'scores'; readonly scores: ImportedScores }
  | { readonly kind: 'vectors'; readonly vectors: ImportedVectors }
);

export class OutsideSystemsState {
  systems = $state.raw<OutsideSystem[]>([]);
  /** Names of the systems picked for the run. */
  picked = $state<string[]>([]);
  name = $state('');
  /** The revision imported vectors are stored under (their files' SHA-256 when empty). */
  revision = $state('');
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  busy = $state(false);
  readonly #target: () => OutsideTarget;

  constructor(target: () => OutsideTarget) {
    this.#target = target;
  }

  readonly #picked = $derived(this.systems.filter((s) => this.picked.includes(s.name)));
  /** The picked systems' scores, as run models (both run kinds). */
  readonly scoreModels = $derived(this.#picked.flatMap((s) => (s.kind === 'scores' ? [{ kind: 'imported' as const, scores: s.scores }] : [])));
  /** Scores and vectors, as retrieval run models. */
  readonly models = $derived([...this.scoreModels, ...this.#picked.flatMap((s) => (s.kind === 'vectors' ? [{ kind: 'vectors' as const, vectors: s.vectors }] : []))]);

  /** Downloads the inputs to score for the form's dataset and task(s). */
  async exportInputs(format: 'jsonl' | 'csv'): Promise<void> {
    const t = this.#target();
    await this.#guard(async () => {
      const dataset = await storedDataset(await database(), t.datasetId);
      const task = t.kind === 'retrieval' ? t.tasks[0] : t.task;
      const text =
        t.kind === 'retrieval'
          ? await retrievalScoringInputs(dataset, task).then((i) => (format === 'csv' ? scoringInputsCsv(i, RETRIEVAL_INPUT_COLUMNS) : scoringInputsJsonl(i)))
          : await screeningScoringInputs(dataset, task, t.runs).then((i) => (format === 'csv' ? scoringInputsCsv(i, SCREENING_INPUT_COLUMNS) : scoringInputsJsonl(i)));
      downloadText(`${t.datasetId}.${task}.to-score.${format}`, text, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson;charset=utf-8');
      this.notice = `Exported the inputs of ${task}. Score them with your system, then import its scores here.`;
    });
  }

  /**
   * Reads, matches and keeps a score file under the typed name; on any error nothing is kept.
   * A gzip'd file is read as its text; several files are score shards (a sharded export scored
   * outside), joined in name order after checking each item is in exactly one shard.
   */
  async importFile(file: File, ...more: File[]): Promise<boolean> {
    const files = [file, ...more].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // The system's name: the file's, less its extensions (and, for shards, the `-1-of-N` of the first).
    const stem = files[0].name.replace(/\.gz$/, '').replace(/\.[^.]+$/, '');
    const name = this.#freeName(more.length > 0 ? stem.replace(/-0*1-of-\d+$/, '') : stem);
    if (name === undefined) return false;
    const t = this.#target();
    return this.#guard(async () => {
      const read = await Promise.all(files.map(async (f) => ({ file: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
      // Errors name their file (and line): describeInputError shows them.
      const texts = await Promise.all(read.map(async (r) => ({ file: r.file, text: await scoreFileText(r.bytes, r.file) })));
      const text = texts.length === 1 ? texts[0].text : joinScoreShards(texts, t.kind === 'retrieval' ? 'run' : 'screening');
      const label = texts.length === 1 ? files[0].name : `${texts.length} shards (${texts[0].file} … ${texts[texts.length - 1].file})`;
      const scores: ImportedScores = { name, file: label, text, ...(texts.length === 1 ? { sha256: sha256Hex(read[0].bytes) } : {}) };
      const dataset = await storedDataset(await database(), t.datasetId);
      let summary: string;
      if (t.kind === 'retrieval') {
        const s = await checkRetrievalScores(dataset, t.tasks, scores);
        summary = `${s.scored.toLocaleString()} scores for ${s.queries} queries${s.notRetrieved ? `; ${s.notRetrieved.toLocaleString()} query–document pairs not returned (they rank last)` : ''}`;
      } else {
        const s = await checkScreeningScores(dataset, t.task, scores);
        summary = `${s.originals.toLocaleString()} originals × ${s.runs} run${s.runs === 1 ? '' : 's'}, ${s.variants.toLocaleString()} variants`;
      }
      this.#keep({ kind: 'scores', name, files: label, scores, summary });
    });
  }

  /**
   * Reads vector files (.npy/.safetensors with their ids, or JSONL; core/audit/imported/vectorFiles.ts),
   * matches them against the dataset and stores them in the embedding cache under the typed name and
   * revision, in one transaction; on any error nothing is stored or kept.
   */
  async importVectors(files: readonly File[]): Promise<boolean> {
    const name = this.#freeName(files[0]?.name.replace(/\..*$/, '') ?? 'vectors');
    if (name === undefined) return false;
    const t = this.#target();
    return this.#guard(async () => {
      if (t.kind !== 'retrieval') throw new Error('vectors are audited in a retrieval run');
      const read = await Promise.all(files.map(async (f) => ({ file: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
      const table = readVectorFiles(read);
      const revision = this.revision.trim();
      const vectors: ImportedVectors = { name, ...(revision ? { revision } : {}), files: read.map((f) => ({ file: f.file, sha256: sha256Hex(f.bytes) })) };
      const db = await database();
      const checked = await checkVectors(await storedDataset(db, t.datasetId), t.tasks, table, filesLabel(vectors.files));
      const entries = await importedVectorEntries(vectors, checked.items, table);
      await new EmbeddingCache(db).putMany(entries);
      const summary = `${checked.vectors.toLocaleString()} vectors of ${checked.dims} dimensions (cosine), in the embedding cache`;
      this.#keep({ kind: 'vectors', name, files: filesLabel(vectors.files), vectors, summary });
      this.revision = '';
    });
  }

  /** The typed name (else `fallback`), or undefined with an error when a system of that name is already imported. */
  #freeName(fallback: string): string | undefined {
    const name = this.name.trim() || fallback;
    if (!this.systems.some((s) => s.name === name)) return name;
    this.error = `A system named “${name}” is already imported; give this one another name.`;
    return undefined;
  }

  #keep(system: OutsideSystem): void {
    this.systems = [...this.systems, system];
    this.picked = [...this.picked, system.name];
    this.name = '';
    this.notice = `Imported “${system.name}” (${system.files}): ${system.summary}.`;
  }

  remove(name: string): void {
    this.systems = this.systems.filter((s) => s.name !== name);
    this.picked = this.picked.filter((n) => n !== name);
  }

  async #guard(work: () => Promise<void>): Promise<boolean> {
    this.busy = true;
    this.error = undefined;
    this.notice = undefined;
    try {
      await work();
      return true;
    } catch (e) {
      this.error = describeInputError(e) || `the import failed (${e instanceof Error ? e.name : String(e)})`;
      return false;
    } finally {
      this.busy = false;
    }
  }
}
