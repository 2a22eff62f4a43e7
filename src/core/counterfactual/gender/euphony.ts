/** Whether a French word starts with a vowel sound for elision purposes (h counted as mute). */
const VOWEL = /^[aeiouyhàâäéèêëîïôöùûü]/iu;

/**
 * A determiner's new form adjusted to the word after it: French `ce` → `cet` before a vowel,
 * and `mon`/`ton`/`son` kept (not `ma`/`ta`/`sa`) before a vowel (`mon ingénieure`). Other
 * languages and words: `form` as it is.
 * @example euphony('fr', 'cette', 'ce', 'ingénieur'); // 'cet'
 */
export function euphony(lang: string, original: string, form: string, next: string): string {
  if (lang !== 'fr' || !VOWEL.test(next)) return form;
  const lower = form.toLowerCase();
  if (lower === 'ce') return form.replace(/e$/iu, (e) => (e === 'E' ? 'ET' : 'et'));
  if (lower === 'ma' || lower === 'ta' || lower === 'sa') return original;
  return form;
}
