/**
 * An LLM screener's section in words (issue 49), for the Results page, the report and the CLI's
 * summary: how it was asked, and its output validity — overall, and each variant group whose
 * validity differs from the originals' (a finding in itself: the model fails to answer more, or
 * less, often for that group).
 */
import type { ScreeningLlmSection } from './results.ts';

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : 'n/a');
const int = (x: number) => x.toLocaleString('en-US');

/** How the model was asked, in one sentence. */
export function llmAskedSentence(s: ScreeningLlmSection): string {
  const how =
    s.mode === 'probabilities'
      ? 'answer probabilities (one forward pass; the score is read from the next-token probabilities of the answer options)'
      : `generated answers (JSON${s.sampling?.structured ? ' held to its schema by constrained decoding' : ', free'}, temperature ${s.sampling?.temperature ?? 'n/a'}, at most ${s.sampling?.maxNewTokens ?? 'n/a'} new tokens, seed ${s.sampling?.seed ?? 'n/a'})`;
  return `Scored by ${how}, with the template "${s.template.name}" (SHA-256 ${s.template.sha256.slice(0, 12)}…)${s.prefix_cache ? ", the job's part of the prompt computed once per job" : ''}.`;
}

/**
 * The output-validity findings: the overall share, and one sentence per group that differs.
 * @example llmValiditySentences(section)[0] // 'Output validity: 95.0% of 1,320 answers were valid (95% CI 93.7% to 96.1%).'
 */
export function llmValiditySentences(s: ScreeningLlmSection): string[] {
  const v = s.output_validity;
  const out = [`Output validity: ${pct(v.share)} of ${int(v.total)} answers were valid (95% CI ${pct(v.ci[0])} to ${pct(v.ci[1])}).`];
  if (s.mode === 'generate' && v.valid < v.total) out.push(`The ${int(v.total - v.valid)} invalid answers score 0, as a screener that does not answer does not advance the candidate.`);
  for (const g of v.by_group) {
    if (!g.differs) continue;
    const base = v.by_group.find((x) => x.kind === 'original');
    out.push(
      `Validity differs for ${g.attribute} = ${g.group} (${g.signal}): ${pct(g.share)} of ${int(g.total)} (95% CI ${pct(g.ci[0])} to ${pct(g.ci[1])}) against ${pct(base?.share ?? NaN)} for the original CVs.`,
    );
  }
  if (s.mean_option_mass !== undefined && s.mean_option_mass < 0.5) {
    out.push(`The answer options held ${pct(s.mean_option_mass)} of the next-token probability on average: the model would mostly have written something else, so its scores read a question it barely answers.`);
  }
  return out;
}
