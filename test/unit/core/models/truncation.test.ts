import { describe, expect, it } from 'vitest';
import { countCharacterCuts, decisionTruncations, embeddingTruncations, NLI_JOB_CHARS, truncationSentence, withJobCounts } from '../../../../src/core/models/truncation.ts';
import { nliPremise } from '../../../../src/models/decisionScoring.ts';
import { DEFAULT_JOB_CHARS } from '../../../../src/models/decisionSpec.ts';

// Four distinct job descriptions (one given twice): 600 characters exactly (kept), 601 (cut),
// 700 with surrounding spaces that trimming leaves at 599 (kept), and 1,000 (cut).
const JOBS = ['a'.repeat(600), 'b'.repeat(601), `  ${'c'.repeat(599)}   `, 'd'.repeat(1000), 'b'.repeat(601)];

describe('input truncations', () => {
  it('countCharacterCuts(jobs, 600) counts the distinct texts longer than 600 characters once trimmed: 2 of 4', () => {
    expect(countCharacterCuts(JOBS, 600)).toEqual({ cut: 2, of: 4 });
    expect(countCharacterCuts(['short', 'a much longer text', 'short'], 10)).toEqual({ cut: 1, of: 2 }); // the @example
  });

  it('countCharacterCuts counts exactly the job descriptions nliPremise cuts', () => {
    const cutByPremise = [...new Set(JOBS)].filter((j) => nliPremise(j, 'cv', DEFAULT_JOB_CHARS).includes('…')).length;
    expect(countCharacterCuts(JOBS, DEFAULT_JOB_CHARS).cut).toBe(cutByPremise);
  });

  it('decisionTruncations(kind, maxLength) lists the 600-character job limit and the token limit for NLI, one token limit otherwise', () => {
    expect(NLI_JOB_CHARS).toBe(DEFAULT_JOB_CHARS);
    expect(decisionTruncations('zero-shot-nli', 512)).toEqual([
      { input: 'job description', unit: 'characters', limit: 600 },
      { input: 'premise and hypothesis', unit: 'tokens', limit: 512 },
    ]);
    expect(decisionTruncations('cross-encoder', 256)).toEqual([{ input: 'job and CV', unit: 'tokens', limit: 256 }]);
    expect(decisionTruncations('calibrated-similarity', 8192)).toEqual(embeddingTruncations(8192));
    expect(decisionTruncations('imported', 512)).toEqual([]);
  });

  it('withJobCounts(truncations, jobs) fills in the job-description count and leaves token limits uncounted', () => {
    const [job, tokens] = withJobCounts(decisionTruncations('zero-shot-nli', 512), JOBS);
    expect(job).toEqual({ input: 'job description', unit: 'characters', limit: 600, cut: 2, of: 4 });
    expect(tokens).toEqual({ input: 'premise and hypothesis', unit: 'tokens', limit: 512 });
    expect(withJobCounts(decisionTruncations('zero-shot-nli', 512), ['x'.repeat(700), 'short'])[0].cut).toBe(1); // the @example
  });

  it('truncationSentence(t) says what the model reads, with the count when there is one', () => {
    expect(truncationSentence({ input: 'job description', unit: 'characters', limit: 600, cut: 3, of: 10 })).toBe('reads the first 600 characters of each job description (3 of 10 were cut)');
    expect(truncationSentence(embeddingTruncations(512)[0])).toBe('reads the first 512 tokens of each query and document');
  });
});
