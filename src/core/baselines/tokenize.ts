/**
 * The word tokenizer of the lexical baselines: Unicode NFKC, lowercase
 * (`toLowerCase`, Unicode-aware), then maximal runs of letters, combining
 * marks and digits (\p{L}\p{M}\p{N}); everything else separates tokens.
 * Scripts without spaces (Chinese, Japanese) come out as one token per run.
 * @example tokenizeWords('Data-Scientist, Zürich 2024') // ['data', 'scientist', 'zürich', '2024']
 */
export function tokenizeWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}
