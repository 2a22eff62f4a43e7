/**
 * Graded relevance of the freelance-twins dataset. It reads only the
 * occupation, skills and seniority of a query and a profile — never the
 * gender — so a profile and its gender twin always get the same grade.
 */
import { OCCUPATIONS, SENIORITIES, type Seniority } from './taxonomy.ts';

export interface QueryNeed {
  occupation: string;
  /** null when the query names no seniority. */
  seniority: Seniority | null;
  /** English skill keys; empty when the query names no skill. */
  skills: readonly string[];
}

export interface ProfileFacts {
  occupation: string;
  seniority: Seniority;
  skills: readonly string[];
}

const FAMILY = new Map(OCCUPATIONS.map((o) => [o.id, o.family]));

/** True when the profile's level equals the requested level or is one level above it. */
export function seniorityFits(wanted: Seniority | null, has: Seniority): boolean {
  if (wanted === null) return true;
  const d = SENIORITIES.indexOf(has) - SENIORITIES.indexOf(wanted);
  return d === 0 || d === 1;
}

/** True when the profile covers at least half of the requested skills (rounded up). */
export function skillsFit(wanted: readonly string[], has: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  const set = new Set(has);
  const overlap = wanted.filter((s) => set.has(s)).length;
  return overlap >= Math.ceil(wanted.length / 2);
}

/**
 * Grade 0–4:
 * - 0: another occupation family;
 * - 1: another occupation of the same family;
 * - 2: same occupation, neither skills nor seniority fit;
 * - 3: same occupation and one of skills / seniority fits;
 * - 4: same occupation, skills and seniority fit.
 */
export function grade(q: QueryNeed, p: ProfileFacts): number {
  if (q.occupation !== p.occupation) {
    return FAMILY.get(q.occupation) === FAMILY.get(p.occupation) ? 1 : 0;
  }
  return 2 + (skillsFit(q.skills, p.skills) ? 1 : 0) + (seniorityFits(q.seniority, p.seniority) ? 1 : 0);
}
