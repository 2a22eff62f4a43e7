import { NDCG_DOCS, NDCG_K, ndcgOfOrder, type GradedDoc } from './ndcgExample.ts';
import { moveItem } from './reorder.ts';
import { fmt } from './format.ts';

/** State of the NDCG lesson: the ranking the reader reorders and NDCG@5 from the retrieval kernel. */
export class NdcgLessonState {
  readonly docs: readonly GradedDoc[] = NDCG_DOCS;
  readonly k = NDCG_K;
  order = $state<string[]>(NDCG_DOCS.map((d) => d.id));
  ndcg = $derived(ndcgOfOrder(this.order, NDCG_DOCS, NDCG_K));
  /** Read out by a live region after each move. */
  announcement = $state('');

  doc(id: string): GradedDoc {
    return this.docs.find((d) => d.id === id)!;
  }

  move(from: number, to: number): void {
    if (to < 0 || to >= this.order.length || from === to) return;
    const id = this.order[from];
    this.order = moveItem(this.order, from, to);
    this.announce(id);
  }

  /** Announces where a document now is (after a drag ends, or a keyboard move). */
  announce(id: string): void {
    const position = this.order.indexOf(id) + 1;
    this.announcement = `${this.doc(id).title} moved to position ${position} of ${this.order.length}. NDCG@${this.k} is now ${fmt(this.ndcg)}.`;
  }

  /** Drag: moves without announcing at every pointer step. */
  dragTo(from: number, to: number): void {
    if (from !== to) this.order = moveItem(this.order, from, to);
  }

  reset(): void {
    this.order = NDCG_DOCS.map((d) => d.id);
    this.announcement = `Starting order restored. NDCG@${this.k} is ${fmt(this.ndcg)}.`;
  }
}
