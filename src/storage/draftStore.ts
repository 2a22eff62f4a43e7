/**
 * Drafts of a user's own candidates and the review of their variants
 * (schema.ts DraftEntry, ReviewEntry). One decision is one row, so a
 * keystroke in the review writes a few bytes, not the draft.
 */
import type { ReviewDecision } from '../core/ownData/review.ts';
import type { FairgroundDb } from './db.ts';
import type { DraftEntry } from './schema.ts';

/** Every key [draftId, …]: an array key sorts after every string, so [id, []] bounds them all. */
const ofDraft = (draftId: string) => IDBKeyRange.bound([draftId], [draftId, []]);

/** Stores a draft (new, or its documents or options changed). */
export async function putDraft(db: FairgroundDb, draft: DraftEntry): Promise<void> {
  await db.put('drafts', draft);
}

export function getDraft(db: FairgroundDb, id: string): Promise<DraftEntry | undefined> {
  return db.get('drafts', id);
}

/** Every draft, newest first. */
export async function listDrafts(db: FairgroundDb): Promise<DraftEntry[]> {
  return (await db.getAll('drafts')).sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
}

/** A draft's decisions, by variant id. */
export async function readReviews(db: FairgroundDb, draftId: string): Promise<Map<string, ReviewDecision>> {
  const rows = await db.getAll('reviews', ofDraft(draftId));
  return new Map(rows.map((r) => [r.variantId, r.decision]));
}

/** Sets (or, with undefined, clears back to pending) the decisions on some variants, in one transaction. */
export async function putReviews(db: FairgroundDb, draftId: string, decisions: ReadonlyMap<string, ReviewDecision | undefined>): Promise<void> {
  const tx = db.transaction('reviews', 'readwrite');
  const writes: Promise<unknown>[] = [];
  for (const [variantId, decision] of decisions) {
    writes.push(decision === undefined ? tx.store.delete([draftId, variantId]) : tx.store.put({ draftId, variantId, decision }));
  }
  await Promise.all([...writes, tx.done]);
}

/** Deletes a draft and its decisions in one transaction. */
export async function deleteDraft(db: FairgroundDb, draftId: string): Promise<void> {
  const tx = db.transaction(['drafts', 'reviews'], 'readwrite');
  await Promise.all([
    tx.objectStore('drafts').delete(draftId),
    tx.objectStore('reviews').delete(ofDraft(draftId)),
    tx.done,
  ]);
}
