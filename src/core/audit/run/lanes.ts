/**
 * How many models a browser run audits at a time (one compute worker each).
 * The embedding model's worker and its tokenizer worker take cores of their
 * own while the audits run, and every lane holds one model's working set.
 */
export function auditLanes(cores: number): number {
  const requested = Number((globalThis as { FG_LANES?: number }).FG_LANES ?? 0);
  if (requested > 0) return requested;
  return cores >= 4 ? 2 : 1;
}
