/**
 * What each audit of a dataset will use, in words, for the Run form (issue 30: a user who made only
 * name variants and ran a twins audit was told "(142 used)" for a task that used 4): the screening
 * audit uses the name, explicit and noise-floor variants, each compared with its CV (the neutral
 * base, in a dataset made from one's own candidates); the retrieval-fairness audit uses the gender
 * twins.
 */
import type { ManifestGeneration } from '../formats/manifest.ts';

/** The records a dataset holds by shard, and its generation block when it was made from one's own candidates. */
export interface AuditUseInput {
  readonly recordsByShard: Readonly<Record<string, number>>;
  readonly generation?: ManifestGeneration;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The screening audit's inputs in words.
 * @example screeningUse({ recordsByShard: { variants: 137 }, generation: { …, variants_by_kind: { names: 24, explicit: 83, noise: 30, gender: 4 } } })
 *   // 'Screening: 24 name variants, 83 explicit lines, noise floor 30, each compared with its CV's neutral base.'
 */
export function screeningUse(input: AuditUseInput): string {
  const by = input.generation?.variants_by_kind;
  const neutral = input.generation?.settings?.neutralise ? " its CV's neutral base" : ' its CV';
  if (by) {
    const parts = [count(by.names ?? 0, 'name variant'), count(by.explicit ?? 0, 'explicit line'), `noise floor ${(by.noise ?? 0).toLocaleString('en')}`];
    return `Screening: ${parts.join(', ')}, each compared with${neutral}.`;
  }
  return `Screening: ${count(input.recordsByShard.variants ?? 0, 'variant')} (name, explicit and noise-floor), each compared with${neutral}.`;
}

/**
 * The twins audit's inputs in words: the twins of the shards its twins tasks name.
 * @example twinsUse({ recordsByShard: { twins: 4 } }, ['twins']) // 'Twins: 4 gender twins.'
 */
export function twinsUse(input: AuditUseInput, twinShards: readonly string[]): string {
  const n = twinShards.reduce((sum, s) => sum + (input.recordsByShard[s] ?? 0), 0);
  return n === 0 ? 'Twins: none (no gender twin was made or accepted: the audit reports effectiveness only).' : `Twins: ${count(n, 'gender twin')}.`;
}
