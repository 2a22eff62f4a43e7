/**
 * The Datasets view's "Label agreement" panel: an annotation file (read in this tab, never
 * uploaded), its column mapping and τ, and the results of core's `runAgreement` — the same
 * function, and so the same numbers, as `fairground eval agreement`. Cheap enough to run in the
 * page (pairs of annotators over their common items), so no worker.
 */
import { annotationColumns, runAgreement, type AgreementResults } from '../../core/audit/eval/index.ts';
import { MappedTableState } from './mappedTable.svelte.ts';

/** Column names that usually hold what a field asks for, tried in order (case-insensitive). */
const GUESSES = Object.freeze({
  item: ['item', 'pair', 'query_doc', 'pair_id'],
  annotator: ['annotator', 'rater', 'judge', 'hr_id', 'annotator_id', 'user'],
  label: ['label', 'grade', 'score', 'relevance', 'rel'],
});

export class LabelAgreementState extends MappedTableState<AgreementResults> {
  items = $state<string[]>([]);
  annotator = $state('');
  label = $state('');
  threshold = $state<number | null>(1);

  readonly canRun = $derived(
    this.hasTable && this.items.length > 0 && this.annotator !== '' && this.label !== '' && this.threshold !== null && Number.isFinite(this.threshold),
  );

  /** Reads a picked file's text and columns, and guesses a mapping from the column names. */
  async load(file: File): Promise<void> {
    this.loadText(await file.text(), file.name);
  }

  /** `load` for text already read (and for tests). */
  loadText(text: string, fileName: string): void {
    this.results = undefined;
    this.error = undefined;
    if (!this.readTable(text, fileName, annotationColumns(text, fileName))) return;
    const item = this.guessColumn(GUESSES.item);
    this.items = item === '' ? [] : [item];
    this.annotator = this.guessColumn(GUESSES.annotator);
    this.label = this.guessColumn(GUESSES.label);
  }

  /** Adds or removes an item column, keeping the file's column order. */
  setItem(column: string, on: boolean): void {
    this.items = this.toggled(this.items, column, on);
  }

  /** Scores the file; a bad input shows as the error (its file:line message). */
  run(): void {
    if (!this.canRun) return;
    const run = runAgreement({
      text: this.text!,
      fileName: this.fileName!,
      columns: { item: [...this.items], annotator: this.annotator, label: this.label },
      threshold: this.threshold!,
    });
    this.results = run.ok ? run.results : undefined;
    this.error = run.ok ? undefined : run.error;
  }
}
