/**
 * Progress of one model over all of a screening run's passes — T runs of
 * the originals, then the variants — with an ETA from the pairs per second
 * so far. The scorer reports the pass it starts (`run`) and the pairs done
 * in it (`batch`); `wrap` marks passes for scorers that do not report them.
 */
import type { ScreeningScorer } from '../../models/decisionScores.ts';
import type { ScreeningWorkList } from '../screening/index.ts';
import { etaOf, type ModelRunProgress } from './progress.ts';

export interface ScreeningProgress {
  readonly total: number;
  setDevice(device: string, dtype: string): void;
  /** The originals' run `run` (1-based) of `of` starts. */
  run(run: number, of: number): void;
  /** The variants' pass starts. */
  variants(): void;
  /** `done` pairs of the current pass are scored (an LLM: `tokens` read and written in it so far). */
  batch(done: number, tokens?: number): void;
  /** The scorer with its passes marked; `runsReported`: the scorer calls `run` itself. */
  wrap(scorer: ScreeningScorer, runsReported: boolean): ScreeningScorer;
}

/** @param runs passes over the originals (1 for a model deterministic by construction). */
export function screeningProgress(work: ScreeningWorkList, runs: number, report: (p: ModelRunProgress) => void): ScreeningProgress {
  const total = work.originals.length * runs + work.variants.length;
  let offset = 0;
  let phase = '';
  let t0 = 0;
  let device: string | undefined;
  let dtype: string | undefined;
  const start = () => {
    if (t0 === 0) t0 = performance.now();
  };
  let passStart = 0;
  const batch = (done: number, tokens?: number) => {
    const overall = offset + done;
    const seconds = (performance.now() - passStart) / 1000;
    // An LLM's throughput in this pass: tokens read and written per second.
    const rate = tokens !== undefined && tokens > 0 && seconds > 0 ? ` · ${Math.round(tokens / seconds).toLocaleString('en-US')} tokens/s` : '';
    report({ status: 'scoring', done: overall, total, device, dtype, etaSeconds: etaOf(overall, total, performance.now() - t0), message: phase + rate });
  };
  const progress: ScreeningProgress = {
    total,
    setDevice(d, t) {
      device = d;
      dtype = t;
    },
    run(run, of) {
      start();
      offset = (run - 1) * work.originals.length;
      passStart = performance.now();
      phase = `run ${run}/${of} of the originals`;
      batch(0);
    },
    variants() {
      start();
      offset = work.originals.length * runs;
      passStart = performance.now();
      phase = 'variants';
      batch(0);
    },
    batch,
    wrap(scorer, runsReported) {
      return {
        scoreRuns: (pairs, n, signal) => {
          if (!runsReported) progress.run(1, 1);
          return scorer.scoreRuns(pairs, n, signal);
        },
        score: (pairs, signal) => {
          progress.variants();
          return scorer.score(pairs, signal);
        },
        ...(scorer.llmAsked ? { llmAsked: scorer.llmAsked } : {}),
      };
    },
  };
  return progress;
}
