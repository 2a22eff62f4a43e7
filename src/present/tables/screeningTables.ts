/**
 * The tables of a screening results object: which numbers go in which
 * column (the numbers themselves come from src/core/audit), the flat tables
 * for CSV and JSON export, and the plots' specs. Pure: no DOM.
 */
import { costPer1000Calls, type Price, type ChanceTest, type ScreeningModelResult, type ScreeningResults, type TestedCi } from '../../core/audit/screening/index.ts';
import type { Ci } from '../../core/audit/common/index.ts';
import { costBiasPoints, effectAnchor } from '../../core/audit/screening/index.ts';
import { displayNames } from '../../core/models/displayName.ts';
import type { ConfusionSpec, ForestSpec, LatencyQualitySpec, ParetoSpec, PlotTable, TableCell, ThresholdCurveSpec } from '../plots/index.ts';

/**
 * A cell: a statistic with its CI (and a `*` when `significant`, explained by
 * `mark`), a plain number, or text.
 */
export type ScreeningCell =
  | { readonly ci: Ci; readonly significant?: boolean; readonly mark?: string }
  | { readonly value: number; readonly percent?: boolean; readonly pValue?: boolean }
  | { readonly text: string };

export interface ScreeningColumn {
  readonly key: string;
  readonly label: string;
  readonly help: string;
}

export interface ScreeningRow {
  readonly id: string;
  /** The row's header (model, or attribute · group · signal under its model's group row). */
  readonly label: string;
  /** The rows of one model are grouped under its display name (the bias table), instead of repeating it in every row. */
  readonly group?: string;
  /** The anchor a verdict sentence links to (`data-verdict-anchor`). */
  readonly anchor?: string;
  readonly cells: Readonly<Record<string, ScreeningCell>>;
}

export interface ScreeningTable {
  readonly columns: readonly ScreeningColumn[];
  readonly rows: readonly ScreeningRow[];
}

const ci = (c: Ci, significant?: boolean, mark?: string): ScreeningCell => ({ ci: c, significant, mark });
const value = (v: number, percent?: boolean): ScreeningCell => ({ value: v, percent });
const text = (t: string): ScreeningCell => ({ text: t });
/** A p- or q-value: shown as `< 0.001` below one thousandth, the exact value kept for scripts and exports. */
const pCell = (v: number): ScreeningCell => ({ value: v, pValue: true });

/** Each model's display name by id (short, the full label where two share a short name). */
function namesOf(results: Pick<ScreeningResults, 'models'>): Map<string, string> {
  const names = displayNames(results.models.map((m) => m.model));
  return new Map(results.models.map((m, i) => [m.model.id, names[i]]));
}

/** Validity (METRICS.md §2): one row per model. */
export function validityTable(results: ScreeningResults): ScreeningTable {
  const columns: ScreeningColumn[] = [
    { key: 'auc', label: 'AUC', help: 'P(score of a FIT CV > score of a NOT FIT CV), test split' },
    { key: 'balanced_accuracy', label: 'Balanced accuracy', help: '(TPR + TNR) / 2 at the tuned threshold' },
    { key: 'macro_f1', label: 'Macro-F1', help: 'mean F1 of FIT and NOT FIT at the tuned threshold' },
    { key: 'precision@5', label: 'Precision@5', help: 'share of FIT among the 5 best-scored CVs per job' },
    { key: 'random_baseline', label: 'Random P@5', help: 'Precision@5 of a random order: the share of FIT per job' },
    { key: 'threshold', label: 'Threshold', help: 'tuned on the tune split (maximum balanced accuracy)' },
    { key: 'delta_auc', label: 'ΔAUC', help: 'AUC − AUC of the reference model, paired bootstrap over test jobs; * its 95% CI excludes 0' },
    { key: 'delta_auc_p', label: 'p ΔAUC', help: 'two-sided paired-bootstrap p of ΔAUC' },
  ];
  const names = namesOf(results);
  const rows = results.models.map((m): ScreeningRow => {
    const v = m.validity;
    if (!v) return { id: m.model.id, label: names.get(m.model.id)!, cells: { auc: text('no labelled test rows') } };
    return {
      id: m.model.id,
      label: names.get(m.model.id)!,
      cells: {
        auc: chanceCell(v.auc, v.chance?.auc),
        balanced_accuracy: chanceCell(v.balanced_accuracy, v.chance?.balanced_accuracy),
        macro_f1: chanceCell(v.macro_f1, v.chance?.macro_f1),
        'precision@5': chanceCell(v['precision@5'], v.chance?.['precision@5'], 'the FIT base rate'),
        random_baseline: ci(v.random_baseline),
        threshold: v.threshold_source === 'tuned' ? value(v.threshold) : text(`${v.threshold} (default)`),
        delta_auc: v.delta_auc ? ci(v.delta_auc, v.delta_auc.significant, '95% CI excludes 0') : text(m.model.id === results.parameters.referenceModel ? 'reference' : '—'),
        ...(v.delta_auc ? { delta_auc_p: pCell(v.delta_auc.p) } : {}),
      },
    };
  });
  return { columns, rows };
}

/** A validity metric, marked when its 95% CI excludes chance (`level`, named `chanceName` in the mark). */
function chanceCell(c: Ci, chance: ChanceTest | undefined, chanceName?: string): ScreeningCell {
  if (!chance) return ci(c);
  return ci(c, chance.excluded, `95% CI excludes chance (${chanceName ? `${chanceName}, ` : ''}${fmt(chance.level)})`);
}

/** A tested bias statistic: its CI, marked when q < 0.05. */
function testedCell(t: TestedCi): ScreeningCell {
  return ci(t, t.significant, 'q < 0.05 (Benjamini–Hochberg over the model’s tests)');
}

/** Bias (METRICS.md §4): every attribute × group × signal of every model — the reference group's row included — then its noise floor. */
export function biasTable(results: ScreeningResults): ScreeningTable {
  const columns: ScreeningColumn[] = [
    { key: 'kind', label: 'Row', help: 'a demographic effect, or a noise-floor perturbation' },
    { key: 'delta_score', label: 'ΔScore', help: 'mean score change against the reference group (0–100 scale)' },
    { key: 'delta_rank', label: 'ΔRank', help: 'original rank − variant rank; negative: the variant moved down' },
    { key: 'excl@5', label: 'Excl@5 %', help: 'share of top-5 CVs pushed out of the top 5' },
    { key: 'p_score', label: 'p ΔScore', help: 'two-sided paired-bootstrap p of ΔScore against 0' },
    { key: 'q_score', label: 'q ΔScore', help: 'Benjamini–Hochberg q of ΔScore (family: every ΔScore, ΔRank and Excl@5 test of the model)' },
    { key: 'p_rank', label: 'p ΔRank', help: 'two-sided paired-bootstrap p of ΔRank against 0' },
    { key: 'q_rank', label: 'q ΔRank', help: 'Benjamini–Hochberg q of ΔRank over the model’s tests' },
    { key: 'p_excl', label: 'p Excl@5', help: 'two-sided paired-bootstrap p of Excl@5 against 0' },
    { key: 'q_excl', label: 'q Excl@5', help: 'Benjamini–Hochberg q of Excl@5 over the model’s tests' },
    { key: 'n_cvs', label: 'CVs', help: 'CVs the row is defined on (an effect: both variants scored; the reference row: its variant scored)' },
  ];
  const rows: ScreeningRow[] = [];
  const names = displayNames(results.models.map((m) => m.model));
  for (const [i, m] of results.models.entries()) {
    const group = names[i];
    for (const e of m.bias.effects) {
      const reference = e.kind === 'reference';
      const significant = e.delta_score.significant || e.delta_rank.significant || e['excl@5'].significant;
      rows.push({
        id: `${m.model.id}|${reference ? 'reference' : 'effect'}|${e.attribute}|${e.group}|${e.signal}`,
        label: `${e.attribute} · ${e.group}${reference ? ' (reference)' : ''} · ${e.signal}`,
        group,
        ...(reference ? {} : { anchor: effectAnchor(m.model.id, e) }),
        cells: {
          kind: text(reference ? 'reference group' : significant ? 'effect (q < 0.05)' : 'effect'),
          delta_score: reference ? text('ref.') : testedCell(e.delta_score),
          delta_rank: testedCell(e.delta_rank),
          'excl@5': testedCell(e['excl@5']),
          ...(reference ? {} : { p_score: pCell(e.delta_score.p), q_score: pCell(e.delta_score.q) }),
          p_rank: pCell(e.delta_rank.p),
          q_rank: pCell(e.delta_rank.q),
          p_excl: pCell(e['excl@5'].p),
          q_excl: pCell(e['excl@5'].q),
          n_cvs: value(e.n_cvs),
        },
      });
    }
    for (const e of m.bias.noise_floor) {
      rows.push({
        id: `${m.model.id}|${e.kind}|${e.attribute}|${e.group}|${e.signal}`,
        label: `${e.kind === 'noise' ? 'noise' : `${e.attribute} second name`} · ${e.group} · ${e.signal}`,
        group,
        cells: { kind: text(`noise floor (${e.kind})`), delta_score: ci(e.delta_score), delta_rank: ci(e.delta_rank), 'excl@5': ci(e['excl@5']), n_cvs: value(e.n_cvs) },
      });
    }
  }
  return { columns, rows };
}

/**
 * The sentence shown under the consistency table for a deterministic model
 * (its row is exact by construction, not measured) and for a model scored
 * once (no row); undefined for a model whose consistency was measured.
 */
export function consistencyNote(m: ScreeningModelResult): string | undefined {
  const f = m.bias.noise_floor_max;
  const floor = `noise floor: |ΔScore| ≤ ${fmt(f.delta_score)}, |ΔRank| ≤ ${fmt(f.delta_rank)}, Excl@5 ≤ ${fmt(f['excl@5'])}%`;
  if (m.deterministic) {
    const how = m.runs === 1 ? 'by construction, scored once' : `every pair scored identically in ${m.runs} runs`;
    return `${m.model.label} is deterministic (${how}): its row is exact, not measured — ICC 1, σScore 0, σRank 0, no label flips, Disag@5 0; what moves its scores is the input, so read its ${floor}.`;
  }
  if (m.consistency) return undefined;
  return `${m.model.label} was scored in one run only: nothing to measure; ${floor}.`;
}

function fmt(v: number): string {
  return Number.isFinite(v) ? v.toFixed(2) : 'n/a';
}

/** Consistency (METRICS.md §5): one row per model with repeated runs or a deterministic one (its exact row). */
export function consistencyTable(results: ScreeningResults): ScreeningTable {
  const columns: ScreeningColumn[] = [
    { key: 'basis', label: 'Basis', help: 'measured over the T runs, or exact for a deterministic model (see the note)' },
    { key: 'runs', label: 'Runs', help: 'T runs of the originals' },
    { key: 'icc', label: 'ICC(2,1)', help: 'absolute agreement across runs' },
    { key: 'sigma_score', label: 'σScore', help: 'mean within-CV standard deviation of the score' },
    { key: 'sigma_rank', label: 'σRank', help: 'mean within-CV standard deviation of the rank in its pool' },
    { key: 'label_flip_pct', label: 'Label flips %', help: 'share of (CV, run) labels unlike the CV’s majority label (cut-off 50)' },
    { key: 'disag@5', label: 'Disag@5 %', help: 'how often a reference-shortlist CV misses a run’s top 5' },
  ];
  const names = namesOf(results);
  const rows = results.models.flatMap((m): ScreeningRow[] => {
    const c = m.consistency;
    if (!c) return [];
    const basis = c.basis === 'deterministic' ? text('deterministic (exact)') : text('measured');
    return [{ id: m.model.id, label: names.get(m.model.id)!, cells: { basis, runs: value(m.runs), icc: ci(c.icc), sigma_score: ci(c.sigma_score), sigma_rank: ci(c.sigma_rank), label_flip_pct: ci(c.label_flip_pct), 'disag@5': ci(c['disag@5']) } }];
  });
  return { columns, rows };
}

/** Latency per job–CV pair (as a user pays it) and per call, throughput, and — given a price — cost per 1,000 calls. */
export function latencyTable(results: ScreeningResults, price?: Price): ScreeningTable {
  const columns: ScreeningColumn[] = [
    { key: 'device', label: 'Device', help: 'the device that finished the scoring' },
    { key: 'median_ms_per_pair', label: 'Median ms / pair', help: 'median time per job–CV pair: each pair of a call takes its time ÷ its pairs' },
    { key: 'p95_ms_per_pair', label: 'P95 ms / pair', help: '95th percentile of the time per pair' },
    { key: 'pairs_per_second', label: 'Pairs / s', help: 'pairs scored per second of call time' },
    { key: 'batch_size', label: 'Batch', help: 'pairs per call (the batch size; all pairs for calibrated similarity, one embedding pass each for jobs and CVs)' },
    { key: 'median_ms', label: 'Median ms / call', help: 'median wall time of one scoring call (a batch)' },
    { key: 'p95_ms', label: 'P95 ms / call', help: '95th percentile of the call time' },
    { key: 'calls', label: 'Calls', help: 'scoring calls' },
    { key: 'mean_ms_per_pair', label: 'Mean ms / pair', help: 'Σ call time / pairs scored' },
    ...(price ? [{ key: 'cost_per_1000', label: 'Cost / 1,000 calls', help: 'from the price you entered (a call = one pair)' }] : []),
  ];
  const names = namesOf(results);
  const rows = results.models.map((m): ScreeningRow => ({
    id: m.model.id,
    label: names.get(m.model.id)!,
    cells: {
      device: text(`${m.model.device} · ${m.model.dtype}`),
      median_ms_per_pair: value(m.latency.median_ms_per_pair ?? NaN),
      p95_ms_per_pair: value(m.latency.p95_ms_per_pair ?? NaN),
      pairs_per_second: value(m.latency.pairs_per_second ?? NaN),
      batch_size: value(m.latency.batch_size ?? NaN),
      median_ms: value(m.latency.median_ms),
      p95_ms: value(m.latency.p95_ms),
      calls: value(m.latency.calls),
      mean_ms_per_pair: value(m.latency.mean_ms_per_pair),
      ...(price ? { cost_per_1000: value(costPer1000Calls(price, m.latency)) } : {}),
    },
  }));
  return { columns, rows };
}

/** A table for CSV/JSON export: a `row` column, then mean, lo and hi per statistic. */
export function exportScreeningTable(table: ScreeningTable): PlotTable {
  const columns = ['row', ...table.columns.flatMap((c) => [c.key, `${c.key}_lo`, `${c.key}_hi`])];
  const rows = table.rows.map((r) => [
    r.group === undefined ? r.label : `${r.group} · ${r.label}`,
    ...table.columns.flatMap((c): TableCell[] => {
      const x = r.cells[c.key];
      if (!x) return [null, null, null];
      if ('ci' in x) return [x.ci.mean, x.ci.ci[0], x.ci.ci[1]];
      if ('value' in x) return [x.value, null, null];
      return [x.text, null, null];
    }),
  ]);
  return { columns, rows };
}

/** The confusion matrix of one model at its tuned threshold (rows: true class). */
export function confusionSpec(m: ScreeningModelResult): ConfusionSpec | undefined {
  const v = m.validity;
  if (!v) return undefined;
  // Results hold [class 0, class 1]; the plot shows FIT first.
  const [[tn, fp], [fn, tp]] = v.confusion.counts;
  return { labels: ['FIT', 'NOT FIT'], counts: [[tp, fn], [fp, tn]], rowLabel: 'true label', columnLabel: `predicted at threshold ${fmt(v.threshold)}`, title: m.model.label };
}

/** Label flip % against the cut-off, one series per model with a consistency section and its curve (a summary link has none). */
export function thresholdSpec(results: ScreeningResults): ThresholdCurveSpec {
  return {
    series: results.models.filter((m) => m.consistency && m.consistency.flip_by_cutoff.length > 0).map((m) => ({ model: m.model.label, points: m.consistency!.flip_by_cutoff.map((p) => ({ cutoff: p.cutoff, flipPct: p.label_flip_pct })) })),
    marker: results.parameters.cutoff,
  };
}

/**
 * ΔScore per group · signal, in one panel per attribute (small multiples on a shared axis), the
 * models under each other inside a panel.
 */
export function forestSpec(results: ScreeningResults): ForestSpec {
  return {
    xLabel: 'ΔScore against the reference group (0–100 scale)',
    groupLabel: 'group · signal',
    panelLabel: 'attribute',
    reference: 0,
    rows: results.models.flatMap((m) =>
      m.bias.effects.filter((e) => e.kind !== 'reference').map((e) => {
        const ok = Number.isFinite(e.delta_score.mean);
        return { model: m.model.label, panel: e.attribute, group: `${e.group} · ${e.signal}`, estimate: ok ? e.delta_score.mean : null, ci: ok && Number.isFinite(e.delta_score.ci[0]) ? ([e.delta_score.ci[0], e.delta_score.ci[1]] as [number, number]) : null };
      }),
    ),
  };
}

/**
 * AUC against the median time per pair (latency × quality) or, given a price, against the cost of
 * 1,000 calls (cost × quality), as the screening paper's cost–latency figure. Results stored before
 * per-pair times fall back to the time per call.
 */
export function latencyQualitySpec(results: ScreeningResults, axis: 'latency' | 'cost' = 'latency', price?: Price): LatencyQualitySpec {
  const perPair = results.models.every((m) => m.latency.median_ms_per_pair !== undefined);
  const x = (m: ScreeningResults['models'][number]) =>
    axis === 'cost' && price ? costPer1000Calls(price, m.latency) : perPair ? m.latency.median_ms_per_pair! : m.latency.median_ms;
  return {
    qualityLabel: 'AUC (test split)',
    unit: axis === 'cost' && price ? 'cost' : 'ms',
    latencyLabel: axis === 'cost' && price ? 'cost per 1,000 calls (log scale)' : perPair ? 'median time per job–CV pair (ms, log scale)' : 'median time per scoring call (ms, log scale)',
    points: results.models
      .filter((m) => m.validity && Number.isFinite(m.validity.auc.mean) && x(m) > 0)
      .map((m) => ({ id: m.model.id, label: m.model.label, latencyMs: x(m), quality: m.validity!.auc.mean, qualityCi: Number.isFinite(m.validity!.auc.ci[0]) ? ([m.validity!.auc.ci[0], m.validity!.auc.ci[1]] as [number, number]) : null })),
  };
}

/** A point of a cost-against-bias plot: its cost (or time) per 1,000 calls and its largest |ΔScore| with that |·|'s CI. */
export interface CostBiasMark {
  readonly id: string;
  readonly label: string;
  readonly cost: number;
  readonly largestEffect: number;
  readonly largestEffectCi: readonly [number, number] | null;
  readonly dominated: boolean;
}

/**
 * A Pareto plot of cost against the largest bias effect (issue 49), both negated so that up and
 * right are better: cheaper and fairer. Shared by the Results page and Compare.
 */
export function costBiasPareto(marks: readonly CostBiasMark[], axis: { readonly xLabel: string; readonly title: string }): ParetoSpec {
  return {
    xLabel: axis.xLabel,
    yLabel: '−|largest ΔScore| (fairer is up)',
    title: axis.title,
    points: marks.map((p) => ({
      id: p.id,
      label: p.label,
      x: -p.cost,
      y: -p.largestEffect,
      yCi: p.largestEffectCi ? [-p.largestEffectCi[1], -p.largestEffectCi[0]] : null,
      dominated: p.dominated,
    })),
  };
}

/** The Results page's cost-against-bias plot of one run (core/audit/screening/costBias.ts). */
export function costBiasSpec(results: ScreeningResults, price?: Price): ParetoSpec {
  const shown = displayNames(results.models.map((m) => ({ label: m.model.label, id: m.model.id })));
  const names = new Map(results.models.map((m, i) => [m.model.id, shown[i]!]));
  return costBiasPareto(
    costBiasPoints(results, price).map((p) => ({ ...p, label: names.get(p.id) ?? p.label })),
    price
      ? { xLabel: '−cost per 1,000 calls (cheaper is right)', title: 'Cost per 1,000 calls against the largest bias effect' }
      : { xLabel: '−seconds per 1,000 calls on this device (faster is right)', title: 'Time per 1,000 calls against the largest bias effect' },
  );
}
