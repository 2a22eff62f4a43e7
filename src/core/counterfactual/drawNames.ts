import type { Rng } from '../stats/rng.ts';
import type { FoundName } from './findName.ts';
import type { NameGroup, NameList } from './nameList.ts';
import type { NewName } from './swapName.ts';
import { fold } from './emailLocal.ts';

/** The names of an entry as whole names: its `full` names, else each first name alone. */
function candidates(group: NameGroup): NewName[] {
  if (group.full) {
    return group.full.map((n) => {
      const words = n.split(' ');
      return words.length > 1 ? { first: words[0], last: words.slice(1).join(' ') } : { first: n };
    });
  }
  return group.first.map((first) => ({ first }));
}

/**
 * Draws `count` different names from `group` with `rng`, none with the original's first name (or,
 * when both have one, its last name) and none in `exclude` (first names, compared with accents and
 * case folded). A list with first and last names but no full names pairs each first name with a
 * last name drawn for it. Fewer than `count` come back when the group runs out.
 * Draws: a partial Fisher–Yates shuffle, rng.int(remaining) per name (and one more for a last name).
 * @example drawNames(group, undefined, 2, createRng(1)); // two names of the group
 */
export function drawNames(group: NameGroup, original: FoundName | undefined, count: number, rng: Rng, exclude: readonly string[] = []): NewName[] {
  const banned = new Set([...exclude.map(fold), ...(original ? [fold(original.first)] : [])]);
  const lastBanned = original?.last === undefined ? undefined : fold(original.last);
  const pool = candidates(group).filter((n) => !banned.has(fold(n.first)) && (n.last === undefined || fold(n.last) !== lastBanned));
  const lasts = (group.full ? [] : group.last ?? []).filter((l) => fold(l) !== lastBanned);
  const out: NewName[] = [];
  for (let i = 0; i < count && i < pool.length; i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
    out.push(lasts.length > 0 ? { first: pool[i].first, last: lasts[rng.int(lasts.length)] } : pool[i]);
  }
  return out;
}

/**
 * The groups an original first name is known to signal in `list`: for each attribute, the group
 * shared by every entry whose first names hold it (accents and case folded); an attribute where the
 * name is in entries of different groups, or in none, is left out.
 * @example knownSignals(BLOOMBERG_2024, 'Tyrone'); // { ethnicity: 'black', gender: 'male' }
 */
export function knownSignals(list: NameList, first: string): Record<string, string> {
  const f = fold(first);
  const hits = list.groups.filter((g) => g.first.some((n) => fold(n) === f));
  const out: Record<string, string> = {};
  for (const a of list.attributes) {
    const seen = new Set(hits.map((g) => g.signals[a]));
    if (seen.size === 1) out[a] = [...seen][0];
  }
  return out;
}
