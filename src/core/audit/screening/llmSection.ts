/**
 * The LLM part of a screening model's results (issue 49): how it was asked
 * (mode, template name, text and SHA-256, sampling settings), its output
 * validity — overall and per variant group, with 95% Wilson intervals — and
 * its token counts and throughput. Pure: the runner supplies what each
 * answer was (valid or not, tokens), the audit's prepared work list the groups.
 *
 * A group's validity "differs" when its interval and the originals' do not
 * overlap: a conservative reading (non-overlapping 95% intervals imply a
 * difference at well below 5%), said in the verdict.
 */
import { validityShare } from '../../llm/outputValidity.ts';
import type { LlmAnswers } from '../../llm/answers.ts';
import type { PreparedScreening } from './input.ts';
import type { GroupValidity, ScreeningLlmSection } from './results.ts';

/** A variant group's key (attribute, group, signal). */
const cueKey = (cue: { readonly attribute: string; readonly group: string; readonly signal: string }) => `${cue.attribute}\u0000${cue.group}\u0000${cue.signal}`;

/**
 * The LLM section of one model's results.
 * @param callsMs every scoring call's wall time (the latency record), for the throughput.
 * @throws {RangeError} when the validity flags do not match the work list.
 */
export function llmSection(prepared: PreparedScreening, answers: LlmAnswers, callsMs: ArrayLike<number>): ScreeningLlmSection {
  const originals = prepared.work.originals.length;
  for (const run of answers.validRuns) if (run.length !== originals) throw new RangeError(`LLM answers: ${run.length} validity flags for ${originals} originals`);
  if (answers.validVariants.length !== prepared.work.variants.length) throw new RangeError(`LLM answers: ${answers.validVariants.length} validity flags for ${prepared.work.variants.length} variants`);
  const original: boolean[] = [];
  for (const run of answers.validRuns) for (let i = 0; i < run.length; i++) original.push(run[i]!);
  const byGroup = new Map<string, { cue: { attribute: string; group: string; signal: string }; flags: boolean[] }>();
  prepared.variantsOf.forEach((list) => {
    for (const { index, cue } of list) {
      const key = cueKey(cue);
      let entry = byGroup.get(key);
      if (!entry) byGroup.set(key, (entry = { cue: { attribute: cue.attribute, group: cue.group, signal: cue.signal }, flags: [] }));
      entry.flags.push(answers.validVariants[index]!);
    }
  });
  const base = validityShare(original);
  const groups: GroupValidity[] = [{ kind: 'original', attribute: '', group: '', signal: '', ...base, differs: false }];
  for (const [, { cue, flags }] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const share = validityShare(flags);
    const differs = base.total > 0 && share.total > 0 && (share.ci[1] < base.ci[0] || share.ci[0] > base.ci[1]);
    groups.push({ kind: 'variant', ...cue, ...share, differs });
  }
  const all = validityShare([...original, ...Array.from(answers.validVariants)]);
  const answersCount = all.total;
  let seconds = 0;
  for (let i = 0; i < callsMs.length; i++) seconds += callsMs[i]! / 1000;
  return {
    mode: answers.mode,
    template: answers.template,
    ...(answers.sampling ? { sampling: answers.sampling } : {}),
    prefix_cache: answers.prefixCache,
    output_validity: { ...all, by_group: groups },
    prompt_tokens_per_call: answersCount === 0 ? NaN : answers.promptTokens / answersCount,
    generated_tokens_per_call: answersCount === 0 ? NaN : answers.generatedTokens / answersCount,
    tokens_per_second: seconds > 0 ? (answers.promptTokens + answers.generatedTokens) / seconds : NaN,
    ...(answers.meanOptionMass !== undefined ? { mean_option_mass: answers.meanOptionMass } : {}),
  };
}
