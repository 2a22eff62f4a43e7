/**
 * The Compare view's state: which stored runs are compared, which metrics,
 * and which row (run · model) the others are compared with. Every number is
 * core's (core/audit/compare: comparedRows → comparison); this class only
 * loads the runs' results from storage and holds the choices. A comparison
 * opened from a permalink replaces the computed one (`shared`).
 */
import { comparedRows, comparison, reportedMetrics, type ComparedRows, type ComparisonResults } from '../../core/audit/compare/index.ts';
import type { RunResults } from '../../core/audit/run/index.ts';
import { defaultMetrics, runLabel } from '../compare/choices.ts';
import { runsState } from './runs.svelte.ts';

/** What the view gives the leaderboard and the share box (compare/LeaderboardTable.svelte, ComparisonShare.svelte): the comparison and its baseline row (CompareState.baselineRow). */
export interface ComparisonViewProps {
  results: ComparisonResults;
  baseline: number | null;
}

export class CompareState {
  /** Run ids, in the order they were picked. */
  selected = $state<string[]>([]);
  /** The user's metric choice; undefined until they choose (defaultMetrics then). */
  chosenMetrics = $state<string[] | undefined>(undefined);
  /** The row the others are compared with. */
  baseline = $state(0);
  /** A comparison opened from a permalink (nothing is recomputed). */
  shared = $state.raw<ComparisonResults | undefined>(undefined);
  sharedBaseline = $state<number | null>(null);
  error = $state<string | undefined>(undefined);
  #loaded = $state.raw<ReadonlyMap<string, RunResults>>(new Map());

  /** The rows of the picked runs that are loaded, with their per-unit values. */
  readonly data: ComparedRows = $derived.by(() => {
    const list = runsState.list;
    const runs = this.selected.flatMap((id) => {
      const results = this.#loaded.get(id);
      const entry = list.find((r) => r.id === id);
      return results && entry ? [{ label: runLabel(entry, list), results }] : [];
    });
    return comparedRows(runs);
  });

  readonly available: string[] = $derived(reportedMetrics(this.data.rows));
  readonly metrics: string[] = $derived(this.chosenMetrics?.filter((m) => this.available.includes(m)) ?? defaultMetrics(this.available));

  /** The comparison shown: the shared one, or every row against the baseline row. */
  readonly results: ComparisonResults | undefined = $derived.by(() => {
    if (this.shared) return this.shared;
    const n = this.data.rows.length;
    if (n === 0) return undefined;
    const b = Math.min(this.baseline, n - 1);
    const pairs = this.data.rows.flatMap((_, i): [number, number][] => (i === b ? [] : [[b, i]]));
    return comparison(this.data, { metrics: this.metrics, pairs });
  });

  /** The baseline row of what is shown. */
  readonly baselineRow: number | null = $derived(this.shared ? this.sharedBaseline : this.data.rows.length === 0 ? null : Math.min(this.baseline, this.data.rows.length - 1));

  /** Picks or drops a run, loading its results from storage. */
  async toggle(id: string, on: boolean): Promise<void> {
    this.shared = undefined;
    if (!on) {
      this.selected = this.selected.filter((s) => s !== id);
      return;
    }
    if (this.selected.includes(id)) return;
    const results = this.#loaded.get(id) ?? (await runsState.results(id));
    if (!results) {
      this.error = `No stored results for run “${id}”.`;
      return;
    }
    this.#loaded = new Map([...this.#loaded, [id, results]]);
    this.selected = [...this.selected, id];
  }

  toggleMetric(metric: string, on: boolean): void {
    const now = this.metrics;
    this.chosenMetrics = on ? this.available.filter((m) => m === metric || now.includes(m)) : now.filter((m) => m !== metric);
  }

  /** Shows a comparison from a link instead of the picked runs. */
  open(shared: ComparisonResults, baseline: number | null): void {
    this.shared = shared;
    this.sharedBaseline = baseline;
  }
}

/** The Compare view's state, kept while the user visits other views. */
export const compareState = new CompareState();
