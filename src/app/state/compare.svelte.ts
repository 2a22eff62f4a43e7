/**
 * The Compare view's state: which stored runs are compared, which metrics,
 * and which row (run · model) the others are compared with. Every number is
 * core's (core/audit/compare: comparedRows → comparison); this class only
 * loads the runs' results from storage and holds the choices. A comparison
 * opened from a permalink replaces the computed one (`shared`).
 */
import { comparedRows, comparison, reportedMetrics, type ComparedRows, type ComparisonResults } from '../../core/audit/compare/index.ts';
import type { RunResults } from '../../core/audit/run/index.ts';
import type { RunEntry } from '../../storage/index.ts';
import { runsState } from './runs.svelte.ts';

/** The metrics shown first, where the runs report them: effectiveness, the twin metrics a release is gated on, screening validity and outcomes. */
const DEFAULT_METRICS = [/^ndcg@\d+$/, /^iou@\d+$/, /^rank_shift$/, /^rbc$/, /^kendall_tau$/, /^auc$/, /^balanced_accuracy$/, /^icc$/, /^impact_ratio$/];

/** The metrics checked before the user chooses: the defaults among those reported, else all. */
export function defaultMetrics(available: readonly string[]): string[] {
  const chosen = available.filter((m) => DEFAULT_METRICS.some((re) => re.test(m)));
  return chosen.length > 0 ? chosen : [...available];
}

/** A stored run's name in the comparison: its dataset and its number among the stored runs (oldest is #1). */
export function runLabel(run: RunEntry, list: readonly RunEntry[]): string {
  const oldestFirst = [...list].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return `${run.config.datasetId} #${oldestFirst.findIndex((r) => r.id === run.id) + 1}`;
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
