/**
 * Outside systems in a Run form (issue 13, black-box audits): export the
 * inputs a system must score, import the scores it sent back — matched
 * against the stored dataset before anything is kept — and pick them to
 * audit beside the in-browser models. The files never leave this page; a
 * run keeps the scores it audited with itself in IndexedDB.
 */
import { checkRetrievalScores, type ImportedScores } from '../../core/audit/blackbox/retrievalScores.ts';
import { checkScreeningScores } from '../../core/audit/blackbox/screeningScores.ts';
import { checkVectors } from '../../core/audit/blackbox/importedVectors.ts';
import {
  RETRIEVAL_INPUT_COLUMNS,
  SCREENING_INPUT_COLUMNS,
  retrievalScoringInputs,
  screeningScoringInputs,
  scoringInputsCsv,
  scoringInputsJsonl,
} from '../../core/audit/blackbox/scoringInputs.ts';
import { describeInputError } from '../../core/formats/formatError.ts';
import { sha256Hex } from '../../core/sha256.ts';
import { storedDataset } from '../runs/storedDataset.ts';
import { downloadText } from '../plots/export.ts';
import { database } from './database.ts';

/** What the form audits: a retrieval run's tasks, or a screening run's task and runs. */
export type OutsideTarget =
  | { readonly kind: 'retrieval'; readonly datasetId: string; readonly tasks: readonly string[] }
  | { readonly kind: 'screening'; readonly datasetId: string; readonly task: string; readonly runs: number };

export interface OutsideSystem {
  /** Scores of a system, or vectors of an embedding model run elsewhere (retrieval only). */
  readonly kind: 'scores' | 'vectors';
  readonly scores: ImportedScores;
  /** What matching found, in words. */
  readonly summary: string;
}

export class OutsideSystemsState {
  systems = $state.raw<OutsideSystem[]>([]);
  /** Names of the systems picked for the run. */
  picked = $state<string[]>([]);
  name = $state('');
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  busy = $state(false);
  readonly #target: () => OutsideTarget;

  constructor(target: () => OutsideTarget) {
    this.#target = target;
  }

  readonly #picked = $derived(this.systems.filter((s) => this.picked.includes(s.scores.name)));
  /** The picked systems' scores, as run models (both run kinds). */
  readonly scoreModels = $derived(this.#picked.filter((s) => s.kind === 'scores').map((s) => ({ kind: 'imported' as const, scores: s.scores })));
  /** Scores and vectors, as retrieval run models. */
  readonly models = $derived([...this.scoreModels, ...this.#picked.filter((s) => s.kind === 'vectors').map((s) => ({ kind: 'vectors' as const, vectors: s.scores }))]);

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

  /** Reads, matches and keeps a score file (or, `vectors`, an embeddings file) under the typed name; on any error nothing is kept. */
  async importFile(file: File, kind: 'scores' | 'vectors' = 'scores'): Promise<boolean> {
    const name = this.name.trim() || file.name.replace(/\.[^.]+$/, '');
    if (this.systems.some((s) => s.scores.name === name)) {
      this.error = `A system named “${name}” is already imported; give this one another name.`;
      return false;
    }
    const t = this.#target();
    return this.#guard(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new Error(`${file.name}: the file is not UTF-8 text`);
      }
      const scores: ImportedScores = { name, file: file.name, text, sha256: sha256Hex(bytes) };
      const dataset = await storedDataset(await database(), t.datasetId);
      let summary: string;
      if (kind === 'vectors') {
        if (t.kind !== 'retrieval') throw new Error('vectors are audited in a retrieval run');
        const v = await checkVectors(dataset, t.tasks, scores);
        summary = `${v.vectors.toLocaleString()} vectors of ${v.dims} dimensions (cosine)`;
      } else if (t.kind === 'retrieval') {
        const s = await checkRetrievalScores(dataset, t.tasks, scores);
        summary = `${s.scored.toLocaleString()} scores for ${s.queries} queries${s.notRetrieved ? `; ${s.notRetrieved.toLocaleString()} query–document pairs not returned (they rank last)` : ''}`;
      } else {
        const s = await checkScreeningScores(dataset, t.task, scores);
        summary = `${s.originals.toLocaleString()} originals × ${s.runs} run${s.runs === 1 ? '' : 's'}, ${s.variants.toLocaleString()} variants`;
      }
      this.systems = [...this.systems, { kind, scores, summary }];
      this.picked = [...this.picked, name];
      this.name = '';
      this.notice = `Imported “${name}” (${file.name}): ${summary}.`;
    });
  }

  remove(name: string): void {
    this.systems = this.systems.filter((s) => s.scores.name !== name);
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
      this.error = describeInputError(e);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
