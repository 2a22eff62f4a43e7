import type { FoundName, NewName } from './foundName.ts';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * The `[start, end)` ranges of the e-mail addresses in `text`.
 * @example emailRanges('mail: a.b@x.com'); // [[6, 15]]
 */
export function emailRanges(text: string): [number, number][] {
  return [...text.matchAll(EMAIL)].map((m) => [m.index, m.index + m[0].length]);
}

/** Lower case, accents and anything but letters removed: `García` → `garcia`, `O'Neil` → `oneil`. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}]/gu, '');
}

/**
 * The replacements `[start, end, after]` (offsets into `address`) that rewrite the parts of an
 * e-mail's local part spelling the name. The local part is cut at `.`, `_`, `-`, `+` and digits;
 * a part equal (accents and case folded) to the first name, the last name, first+last, last+first,
 * initial+last or last+initial (or, beside the last name, the lone initial) becomes the same
 * pattern of the new name, folded to plain lower-case letters: `maria.garcia` → `aisha.williams`,
 * `mgarcia` → `awilliams`, `garcia.maria` → `williams.aisha`, `garcia_m` → `williams_a`. With no
 * new last name only the first name and its initial change.
 * @example swapEmailLocal('mgarcia@x.com', { full: 'Maria Garcia', first: 'Maria', last: 'Garcia', source: 'mapped' }, { first: 'Aisha', last: 'Williams' }); // [[0, 7, 'awilliams']]
 */
export function swapEmailLocal(address: string, from: FoundName, to: NewName): [number, number, string][] {
  const at = address.indexOf('@');
  const f = fold(from.first), l = from.last === undefined ? undefined : fold(from.last);
  const nf = fold(to.first), nl = to.last === undefined ? l : fold(to.last);
  const patterns: [string, string][] = [[f, nf]];
  if (l !== undefined && nl !== undefined && l !== '') {
    patterns.push([f + l, nf + nl], [l + f, nl + nf], [f.charAt(0) + l, nf.charAt(0) + nl], [l + f.charAt(0), nl + nf.charAt(0)], [l, nl]);
  }
  const parts = [...address.slice(0, at).matchAll(/[^._+\-\d]+/gu)];
  // a lone initial (`garcia_m`) is the first name's only when the last name is in the same local part
  const hasLast = l !== undefined && parts.some((m) => fold(m[0]) === l);
  if (hasLast && nl !== undefined) patterns.push([f.charAt(0), nf.charAt(0)]);
  const out: [number, number, string][] = [];
  for (const m of parts) {
    const part = fold(m[0]);
    const hit = patterns.find(([p]) => p !== '' && p === part);
    if (hit && hit[0] !== hit[1]) out.push([m.index, m.index + m[0].length, hit[1]]);
  }
  return out;
}
