/**
 * The JSON schema a generated answer is held to in structured mode (issue 49): an object with an
 * integer `score` in the template's range, a boolean `fit` and a short `reasons` string, nothing
 * else. Constrained decoding (transformers.js structured output) can then only write answers
 * that parse; free mode asks for the same shape in words and counts what does not come back
 * (generatedAnswer.ts, outputValidity.ts).
 */
import type { ScreeningTemplate } from './screeningTemplate.ts';

/** Characters of `reasons` a structured answer may write (a sentence, not an essay). */
export const MAX_REASONS_CHARS = 200;

/**
 * @example answerSchema(DEFAULT_SCREENING_TEMPLATE).properties.score // { type: 'integer', minimum: 1, maximum: 5 }
 */
export function answerSchema(t: Pick<ScreeningTemplate, 'scoreMin' | 'scoreMax'>) {
  return {
    type: 'object',
    properties: {
      score: { type: 'integer', minimum: Math.ceil(t.scoreMin), maximum: Math.floor(t.scoreMax) },
      fit: { type: 'boolean' },
      reasons: { type: 'string', maxLength: MAX_REASONS_CHARS },
    },
    required: ['score', 'fit', 'reasons'],
    additionalProperties: false,
  } as const;
}
