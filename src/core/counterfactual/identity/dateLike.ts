/**
 * Whether a run of digits and separators reads as a year, a year range, a date or a month/year
 * range (`2019`, `2015-2018`, `2019 2020`, `12/05/2019`, `10/2022-05/2023`, `2022-05/2023`):
 * such a run is never a phone number, whatever a phone library makes of its digits.
 * @example dateLike('10/2022-05/2023') // true
 * @example dateLike('987 654 321') // false
 */
export function dateLike(s: string): boolean {
  const t = s.trim();
  const groups = t.split(/[\s./\-–—]+/u).filter((g) => g !== '');
  if (groups.length === 0 || !groups.every((g) => /^\d+$/u.test(g))) return false;
  const year = (g: string) => /^(?:19|20)\d\d$/u.test(g);
  const small = (g: string) => g.length <= 2 && Number(g) <= 31;
  // every group a year, a day or a month, and at least one a year: a date or a range of them
  if (groups.some(year) && groups.every((g) => year(g) || small(g))) return true;
  // a date with a two-digit year (12.05.19, 12/05/19)
  return groups.length === 3 && groups.every(small) && /^\d{1,2}[./-]\d{1,2}[./-]\d{2}$/u.test(t);
}
