/**
 * What a model does not read: every input limit of a run, as data. A decision or embedding model
 * sees at most `maxLength` tokens per sequence (the tokenizer cuts the rest), and the NLI rubric
 * path keeps only the first `NLI_JOB_CHARS` characters of a job description in its premise
 * (src/models/decisionScoring.ts `nliPremise`). Results carry these limits, and for character
 * limits how many inputs were really cut, so a reader knows what the model saw.
 */
import type { ScreeningModelKind } from './modelSpec.ts';
import { LLM_CV_CHARS, LLM_JOB_CHARS } from '../llm/prompt.ts';

/** Characters of a job description kept in an NLI premise (before the CV). */
export const NLI_JOB_CHARS = 600;

/** One input limit. */
export interface InputTruncation {
  /** What is cut: a job description (characters), or a sequence the tokenizer cuts. */
  readonly input: 'job description' | 'CV' | 'job and CV' | 'premise and hypothesis' | 'query or document';
  readonly unit: 'characters' | 'tokens';
  readonly limit: number;
  /** How many distinct inputs were longer than the limit (counted for character limits only). */
  readonly cut?: number;
  /** Of how many distinct inputs. */
  readonly of?: number;
}

/**
 * The limits of an embedding model: each query and document (its prefix included) is cut to
 * `maxLength` tokens.
 * @example embeddingTruncations(512) // [{input: 'query or document', unit: 'tokens', limit: 512}]
 */
export function embeddingTruncations(maxLength: number): InputTruncation[] {
  return [{ input: 'query or document', unit: 'tokens', limit: maxLength }];
}

/**
 * The limits of a decision model by kind: a cross-encoder or classifier reads the (job, CV) pair
 * cut to `maxLength` tokens together; the NLI rubric path first keeps `jobChars` characters of the
 * job description, then cuts (premise, hypothesis) to `maxLength` tokens; calibrated similarity
 * embeds job and CV alone, each cut to `maxLength` tokens; imported scores have none we know of.
 * @example decisionTruncations('zero-shot-nli', 512)[0] // {input: 'job description', unit: 'characters', limit: 600}
 */
export function decisionTruncations(kind: ScreeningModelKind, maxLength: number, jobChars: number = NLI_JOB_CHARS): InputTruncation[] {
  switch (kind) {
    case 'zero-shot-nli':
      return [
        { input: 'job description', unit: 'characters', limit: jobChars },
        { input: 'premise and hypothesis', unit: 'tokens', limit: maxLength },
      ];
    case 'calibrated-similarity':
      return embeddingTruncations(maxLength);
    case 'llm':
      // An LLM prompt keeps the first LLM_JOB_CHARS / LLM_CV_CHARS characters (core/llm/prompt.ts); it is never cut in tokens.
      return [
        { input: 'job description', unit: 'characters', limit: LLM_JOB_CHARS },
        { input: 'CV', unit: 'characters', limit: LLM_CV_CHARS },
      ];
    case 'imported':
      return [];
    default:
      return [{ input: 'job and CV', unit: 'tokens', limit: maxLength }];
  }
}

/**
 * How many of the distinct `texts` are longer than `limit` characters once trimmed — the rule
 * `nliPremise` cuts by.
 * @example countCharacterCuts(['short', 'a much longer text', 'short'], 10) // {cut: 1, of: 2}
 */
export function countCharacterCuts(texts: Iterable<string>, limit: number): { cut: number; of: number } {
  const distinct = new Set(texts);
  let cut = 0;
  for (const t of distinct) if (t.trim().length > limit) cut++;
  return { cut, of: distinct.size };
}

/**
 * The limits with the job-description counts filled in from the run's job texts (token limits
 * stay uncounted: counting them needs the model's tokenizer).
 * @example withJobCounts(decisionTruncations('zero-shot-nli', 512), ['x'.repeat(700), 'short'])[0].cut // 1
 */
export function withJobCounts(truncations: readonly InputTruncation[], jobTexts: Iterable<string>): InputTruncation[] {
  const jobs = [...jobTexts];
  return truncations.map((t) => (t.input === 'job description' && t.unit === 'characters' ? { ...t, ...countCharacterCuts(jobs, t.limit) } : { ...t }));
}

/**
 * One sentence per limit, for the Run view, the results and the CLI's summary.
 * @example truncationSentence({ input: 'job description', unit: 'characters', limit: 600, cut: 3, of: 10 }) // 'reads the first 600 characters of each job description (3 of 10 were cut)'
 */
export function truncationSentence(t: InputTruncation): string {
  const counted = t.cut !== undefined && t.of !== undefined ? ` (${t.cut} of ${t.of} were cut)` : '';
  const what = t.input === 'job description' ? 'each job description' : t.input === 'CV' ? 'each CV' : t.input === 'job and CV' ? 'each job and CV together' : t.input === 'premise and hypothesis' ? 'each premise (job and CV) with its hypothesis' : 'each query and document';
  return `reads the first ${t.limit} ${t.unit} of ${what}${counted}`;
}
