/**
 * The tab's memory of an LLM's generated answers (issue 49; app/state/generatedAnswers.ts): filed
 * by run, model and place in the work list, read back for one decision case with how the audit read
 * each answer, never anywhere else.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREENING_TEMPLATE } from '../../../src/core/llm/index.ts';
import { answerSink, forgetAnswers, writtenAnswers } from '../../../src/app/state/generatedAnswers.ts';
import { VARIANT_STREAM } from '../../../src/models/llmAsk.ts';

const T = DEFAULT_SCREENING_TEMPLATE; // scores 1–5

describe('generated answers kept in the tab', () => {
  it('files each run of an original and the variant, and reads them as the audit did', () => {
    const sink = answerSink('run-a');
    sink.keep('llm:m', T, 1, 3, '{"score": 2, "fit": false, "reasons": "second run"}');
    sink.keep('llm:m', T, 0, 3, '{"score": 4, "fit": true, "reasons": "first run"}');
    sink.keep('llm:m', T, VARIANT_STREAM, 17, '{"score": 9}');
    sink.keep('llm:m', T, 0, 4, 'not an answer');
    const a = writtenAnswers('run-a', 'llm:m', 3, 17)!;
    expect(a.base.map((x) => x.run)).toEqual([1, 2]); // in run order, whatever order they arrived in
    expect(a.base[0].reading).toEqual({ valid: true, score: 75, raw: 4, fit: true, reasons: 'first run' });
    expect(a.variant).toEqual({ text: '{"score": 9}', reading: { valid: false, problem: 'score out of range' } });
    expect(writtenAnswers('run-a', 'llm:m', 4, 0)).toEqual({ base: [{ run: 1, text: 'not an answer', reading: { valid: false, problem: 'no JSON object' } }] });
  });

  it('keeps nothing for another run or model; a resumed run adds to its record; a deleted run forgets it', () => {
    expect(writtenAnswers('run-b', 'llm:m', 3, 17)).toBeUndefined();
    expect(writtenAnswers('run-a', 'llm:other', 3, 17)).toBeUndefined();
    answerSink('run-a').keep('llm:n', T, 0, 0, '{"score": 1}');
    expect(writtenAnswers('run-a', 'llm:m', 3, 17)?.base).toHaveLength(2);
    expect(writtenAnswers('run-a', 'llm:n', 0, 0)?.base[0].reading).toEqual({ valid: true, score: 0, raw: 1 });
    forgetAnswers('run-a');
    expect(writtenAnswers('run-a', 'llm:m', 3, 17)).toBeUndefined();
  });
});
