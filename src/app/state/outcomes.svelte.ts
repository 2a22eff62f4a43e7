/**
 * The Outcomes view's state: the decisions file (read in this tab, never uploaded), the column
 * mapping form, and the audit it runs in the compute worker — the same core function, and so
 * the same numbers, as `fairground eval outcomes`.
 */
import { decisionsContentStrings } from '../../core/share/index.ts';
import { decisionsColumns, type OutcomesRequest, type OutcomesRun, type OutcomesResults } from '../../core/audit/outcomes/index.ts';
import type { TableFormat } from '../../core/formats/recordTable.ts';
import { MappedTableState } from './mappedTable.svelte.ts';

/**
 * How the decision is read: a 0/1 column; a score with a cut-off, a shortlist of the top k per job
 * (or of all rows without a job column), or a selection rate (the highest share of scores); or a
 * score's LL144 scoring rate (above the median).
 */
export type OutcomeKind = 'selected' | 'cutoff' | 'top-k' | 'rate' | 'scoring-rate';

/** Runs an audit request (the compute worker's `outcomesAudit` in the page). */
export type OutcomesCompute = (request: OutcomesRequest) => Promise<OutcomesRun>;

/** Column names that usually hold what a field asks for, tried in order (case-insensitive). */
const GUESSES = Object.freeze({
  groups: ['race', 'ethnicity', 'gender', 'sex'],
  selected: ['selected', 'received_callback', 'callback', 'hired', 'shortlisted', 'decision'],
  score: ['score'],
  label: ['label', 'qualified'],
  job: ['job', 'job_id', 'job_ad_id'],
  id: ['id', 'candidate_id', 'cv_id'],
});

export class OutcomesState extends MappedTableState<OutcomesResults> {
  format = $state<TableFormat | undefined>(undefined);
  groups = $state<string[]>([]);
  kind = $state<OutcomeKind>('selected');
  decisionColumn = $state('');
  cutoff = $state<number | null>(null);
  /** The shortlist per job of the top-k rule. */
  k = $state<number | null>(5);
  /** The selection rate of the rate rule, in percent (20: the 20% highest scores). */
  ratePercent = $state<number | null>(20);
  /** The rule the shown results were computed with (the live rule control recomputes when it changes). */
  appliedRule = $state('');
  /** '' for none. */
  label = $state('');
  job = $state('');
  id = $state('');
  excludeSmall = $state(false);
  /** 0: no bootstrap, plain numbers. */
  resamples = $state(1000);
  seed = $state(0);
  busy = $state(false);
  readonly #compute: OutcomesCompute;

  constructor(compute: OutcomesCompute) {
    super();
    this.#compute = compute;
  }

  readonly cutoffValid = $derived(
    this.kind === 'cutoff' ? this.cutoff !== null && Number.isFinite(this.cutoff)
      : this.kind === 'top-k' ? this.k !== null && Number.isInteger(this.k) && this.k >= 1
        : this.kind === 'rate' ? this.ratePercent !== null && this.ratePercent > 0 && this.ratePercent <= 100
          : true,
  );
  /** The decision rule as one key: what the live control compares with `appliedRule`. */
  readonly ruleKey = $derived(`${this.kind}|${this.decisionColumn}|${this.cutoff}|${this.k}|${this.ratePercent}`);
  readonly resamplesValid = $derived(Number.isInteger(this.resamples) && this.resamples >= 0 && Number.isInteger(this.seed));
  readonly canRun = $derived(
    this.hasTable && this.groups.length > 0 && this.decisionColumn !== '' && this.cutoffValid && this.resamplesValid && !this.busy,
  );

  /** Reads a picked file's text and columns, and guesses a mapping from the column names. */
  async load(file: File): Promise<void> {
    this.results = undefined;
    this.error = undefined;
    const text = await file.text();
    const read = decisionsColumns(text, file.name);
    if (!this.readTable(text, file.name, read)) return;
    this.format = read.format;
    this.#guess();
  }

  #guess(): void {
    this.groups = this.columns.filter((c) => GUESSES.groups.includes(c.toLowerCase()));
    const selected = this.guessColumn(GUESSES.selected);
    const score = this.guessColumn(GUESSES.score);
    this.kind = selected !== '' || score === '' ? 'selected' : 'scoring-rate';
    this.decisionColumn = selected !== '' ? selected : score;
    this.label = this.guessColumn(GUESSES.label);
    this.job = this.guessColumn(GUESSES.job);
    this.id = this.guessColumn(GUESSES.id);
  }

  /** Adds or removes a group column, keeping the file's column order. */
  setGroup(column: string, on: boolean): void {
    this.groups = this.toggled(this.groups, column, on);
  }

  /**
   * The strings of the loaded table that no link may carry: every cell but those of the group
   * columns (the audit's categories; core/share decisionsContentStrings).
   */
  contentStrings(groupColumns: readonly string[]): Set<string> {
    if (this.text === undefined || this.fileName === undefined) return new Set();
    return decisionsContentStrings(this.text, this.fileName, groupColumns);
  }

  /** The request the form describes. @throws {Error} when no file is loaded. */
  request(): OutcomesRequest {
    if (this.text === undefined || this.fileName === undefined) throw new Error('no decisions file is loaded');
    const decision = this.kind === 'selected' ? { selected: this.decisionColumn } : { score: this.decisionColumn };
    const optional = (name: 'label' | 'job' | 'id', value: string) => (value === '' ? {} : { [name]: value });
    return {
      text: this.text,
      fileName: this.fileName,
      columns: { groups: [...this.groups], ...decision, ...optional('label', this.label), ...optional('job', this.job), ...optional('id', this.id) },
      options: { ...this.#ruleOptions(), excludeSmall: this.excludeSmall },
      ...(this.resamples > 0 ? { ci: { resamples: this.resamples, seed: this.seed } } : {}),
    };
  }

  #ruleOptions() {
    if (this.kind === 'cutoff' && this.cutoff !== null) return { cutoff: this.cutoff };
    if (this.kind === 'top-k' && this.k !== null) return { rule: { kind: 'top-k' as const, k: this.k } };
    if (this.kind === 'rate' && this.ratePercent !== null) return { rule: { kind: 'rate' as const, share: this.ratePercent / 100 } };
    return {};
  }

  /**
   * Runs the audit; a bad input shows as the error (its file:line message). `keep`: the live rule
   * control's recomputation, which leaves the shown results in place until the new ones arrive.
   */
  async run(keep = false): Promise<void> {
    if (!this.canRun) return;
    this.busy = true;
    this.error = undefined;
    if (!keep) this.results = undefined;
    const rule = this.ruleKey;
    try {
      const run = await this.#compute(this.request());
      if (run.ok) {
        this.results = run.results;
        this.appliedRule = rule;
      } else this.error = run.error;
    } catch (e) {
      this.error = `The audit failed: ${(e as Error).message}`;
    } finally {
      this.busy = false;
    }
  }
}
