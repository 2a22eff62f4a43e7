/**
 * Generated-answers mode (issue 49): the JSON answer a screener wrote,
 * `{"score": s, "fit": true|false, "reasons": "…"}`, read into a 0–100
 * score, or counted as invalid. As in the screening paper's "output
 * validity", an answer is valid when it parses and its score lies in the
 * template's range; anything else is counted, never repaired into a number.
 * The first JSON object in the text is read (models often wrap it in a code
 * fence or a sentence); `fit` and `reasons` are optional.
 */

/**
 * The score an invalid answer counts as: 0, the lowest. A screener that
 * does not answer does not advance the candidate — the rule METRICS.md §9
 * item 5 applies to invalid outputs of binary tasks (mapped to 0). Invalid
 * answers are also counted (outputValidity.ts), so the mapping never hides them.
 */
export const INVALID_ANSWER_SCORE = 0;

export type GeneratedAnswer =
  | { readonly valid: true; readonly score: number; readonly raw: number; readonly fit?: boolean; readonly reasons?: string }
  | { readonly valid: false; readonly problem: 'no JSON object' | 'not valid JSON' | 'no numeric score' | 'score out of range' };

/** The first balanced `{…}` of the text (braces inside strings skipped), or undefined. */
function firstObject(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/**
 * Reads one generated answer.
 * @example readGeneratedAnswer('{"score": 4, "fit": true, "reasons": "x"}', 1, 5) // {valid: true, score: 75, raw: 4, fit: true, reasons: 'x'}
 * @example readGeneratedAnswer('{"score": 9}', 1, 5) // {valid: false, problem: 'score out of range'}
 */
export function readGeneratedAnswer(text: string, scoreMin: number, scoreMax: number): GeneratedAnswer {
  const json = firstObject(text);
  if (json === undefined) return { valid: false, problem: 'no JSON object' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { valid: false, problem: 'not valid JSON' };
  }
  const o = value as Record<string, unknown>;
  const raw = o.score;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { valid: false, problem: 'no numeric score' };
  if (raw < scoreMin || raw > scoreMax) return { valid: false, problem: 'score out of range' };
  return {
    valid: true,
    score: (100 * (raw - scoreMin)) / (scoreMax - scoreMin),
    raw,
    ...(typeof o.fit === 'boolean' ? { fit: o.fit } : {}),
    ...(typeof o.reasons === 'string' ? { reasons: o.reasons } : {}),
  };
}
