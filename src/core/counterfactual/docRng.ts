import { createRng, type Rng } from '../stats/rng.ts';
import { fnv1a } from './fnv1a.ts';

/**
 * The random stream for one purpose of one document: seeded from the run's seed, the document id
 * and the purpose (e.g. 'names:gender:female', 'typos'), so a document's variants do not depend on
 * the other documents, their order, or which other kinds are made.
 * @example docRng(42, 'cv1', 'typos').next(); // the same number on every run
 */
export function docRng(seed: number, docId: string, purpose: string): Rng {
  return createRng(fnv1a(`${seed >>> 0}\u0000${docId}\u0000${purpose}`));
}
