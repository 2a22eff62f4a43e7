/**
 * The Datasets view's "Label agreement" panel: an annotation file (read in this tab, never
 * uploaded), its column mapping and τ, and the results of core's `runAgreement` — the same
 * function, and so the same numbers, as `fairground eval agreement`. Cheap enough to run in the
 * page (pairs of annotators over their common items), so no worker.
 */
import { annotationColumns, runAgreement, type AgreementResults } from '../../core/audit/eval/index.ts';

/** Column names that usually hold what a field asks for, tried in order (case-insensitive). */
const GUESSES = Object.freeze({
  item: ['item', 'pair', 'query_doc', 'pair_id'],
  annotator: ['annotator', 'rater', 'judge', 'hr_id', 'annotator_id', 'user'],
  label: ['label', 'grade', 'score', 'relevance', 'rel'],
});

export class LabelAgreementState {
  fileName = $state<string | undefined>(undefined);
  columns = $state<readonly string[]>([]);
  items = $state<string[]>([]);
  annotator = $state('');
  label = $state('');
  threshold = $state<number | null>(1);
  error = $state<string | undefined>(undefined);
  results = $state.raw<AgreementResults | undefined>(undefined);
  /** The file's text, kept out of $state (it can be large and is never shown). */
  #text: string | undefined;

  readonly canRun = $derived(
    this.fileName !== undefined && this.columns.length > 0 && this.items.length > 0 && this.annotator !== '' && this.label !== '' && this.threshold !== null && Number.isFinite(this.threshold),
  );

  /** Reads a picked file's text and columns, and guesses a mapping from the column names. */
  async load(file: File): Promise<void> {
    this.loadText(await file.text(), file.name);
  }

  /** `load` for text already read (and for tests). */
  loadText(text: string, fileName: string): void {
    this.results = undefined;
    this.error = undefined;
    const read = annotationColumns(text, fileName);
    if (!read.ok) {
      this.#text = undefined;
      this.fileName = undefined;
      this.columns = [];
      this.error = read.error;
      return;
    }
    this.#text = text;
    this.fileName = fileName;
    this.columns = read.columns;
    const find = (names: readonly string[]) => names.map((n) => this.columns.find((c) => c.toLowerCase() === n)).find((c) => c !== undefined) ?? '';
    const item = find(GUESSES.item);
    this.items = item === '' ? [] : [item];
    this.annotator = find(GUESSES.annotator);
    this.label = find(GUESSES.label);
  }

  /** Adds or removes an item column, keeping the file's column order. */
  setItem(column: string, on: boolean): void {
    const set = new Set(this.items);
    if (on) set.add(column);
    else set.delete(column);
    this.items = this.columns.filter((c) => set.has(c));
  }

  /** Scores the file; a bad input shows as the error (its file:line message). */
  run(): void {
    if (!this.canRun) return;
    const run = runAgreement({
      text: this.#text!,
      fileName: this.fileName!,
      columns: { item: [...this.items], annotator: this.annotator, label: this.label },
      threshold: this.threshold!,
    });
    this.results = run.ok ? run.results : undefined;
    this.error = run.ok ? undefined : run.error;
  }
}
