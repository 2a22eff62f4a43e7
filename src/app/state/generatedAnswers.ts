/**
 * What an LLM wrote in generated mode (issue 49), kept in this tab's memory for the decision cases
 * view only. The issue: "the reasons are shown in the page's cases view only — never in a
 * permalink, a report or the CLI's JSON". So the texts are never stored with the run (IndexedDB),
 * never exported, and a reload forgets them.
 *
 * An answer is filed by run id, model id and its place in the work list: the originals' pass `t`
 * (sampler stream t, run t + 1) or the variants' pass (VARIANT_STREAM), at the index the audit's
 * decision cases name (core/audit/screening/scoring.ts scores `work.originals` and `work.variants`
 * in order, one pair per call).
 */
import { readGeneratedAnswer, type GeneratedAnswer, type ScreeningTemplate } from '../../core/llm/index.ts';
import { VARIANT_STREAM } from '../../models/llmAsk.ts';

export interface WrittenAnswer {
  /** 1-based run of the originals; absent for the variants' single pass. */
  readonly run?: number;
  readonly text: string;
  /** How the audit read it: the score, or why it counted as invalid. */
  readonly reading: GeneratedAnswer;
}

interface ModelAnswers {
  readonly originals: Map<number, WrittenAnswer[]>;
  readonly variants: Map<number, WrittenAnswer>;
}

const kept = new Map<string, Map<string, ModelAnswers>>();

/** Where one run's answers go (a resumed run adds to what its finished models wrote; an answer written again replaces the old). */
export interface AnswerSink {
  keep(modelId: string, template: ScreeningTemplate, stream: number, index: number, text: string): void;
}

export function answerSink(runId: string): AnswerSink {
  const models = kept.get(runId) ?? new Map<string, ModelAnswers>();
  kept.set(runId, models);
  return {
    keep(modelId, template, stream, index, text) {
      let m = models.get(modelId);
      if (!m) models.set(modelId, (m = { originals: new Map(), variants: new Map() }));
      const reading = readGeneratedAnswer(text, template.scoreMin, template.scoreMax);
      if (stream === VARIANT_STREAM) m.variants.set(index, { text, reading });
      else {
        const list = m.originals.get(index) ?? [];
        list[stream] = { run: stream + 1, text, reading };
        m.originals.set(index, list);
      }
    },
  };
}

/**
 * The answers written for one decision case: the neutral base's (one per run) and its variant's;
 * undefined when this tab holds none for the run and model (another tab ran it, or the page was reloaded).
 */
export function writtenAnswers(runId: string, modelId: string, original: number, variant: number): { readonly base: readonly WrittenAnswer[]; readonly variant?: WrittenAnswer } | undefined {
  const m = kept.get(runId)?.get(modelId);
  if (!m) return undefined;
  const v = m.variants.get(variant);
  return { base: (m.originals.get(original) ?? []).filter((a) => a !== undefined), ...(v ? { variant: v } : {}) };
}

/** Forgets a run's answers (the run was deleted). */
export function forgetAnswers(runId: string): void {
  kept.delete(runId);
}
