/**
 * `word` written in the case pattern of `model`: all capitals when the model is all capitals (and
 * has more than one letter; five or more letters with one stray lower-case letter, as PDF text of
 * a name in capitals has it, count), a capital first letter when the model has one, else lower case.
 * @example matchCase('MARIA', 'aisha'); // 'AISHA'
 * @example matchCase('Maria', 'aisha'); // 'Aisha'
 * @example matchCase('CASIMiR', 'emma'); // 'EMMA'
 */
export function matchCase(model: string, word: string): string {
  const letters = model.replace(/[^\p{L}]/gu, '');
  const upper = [...letters].filter((c) => c !== c.toLowerCase()).length;
  // all capitals, or all but a stray lower-case letter a PDF's ligature left (`INGENiERO`, `CASIMiR`)
  if (letters.length > 1 && (upper === letters.length || (letters.length > 4 && upper >= letters.length - 1))) {
    return word.toUpperCase();
  }
  const lower = word.toLowerCase();
  const first = model.charAt(0);
  if (first !== first.toLowerCase()) return lower.charAt(0).toUpperCase() + lower.slice(1);
  return lower;
}

/**
 * Each word of `name` with a capital first letter and the rest lower case (also after a hyphen or
 * an apostrophe): how the all-capitals names of the published lists are written here.
 * @example titleCase('MARY-ANN OCONNELL'); // 'Mary-Ann Oconnell'
 */
export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}
