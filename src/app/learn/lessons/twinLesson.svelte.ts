import { SvelteSet } from 'svelte/reactivity';
import { TWIN_K, TWIN_PROFILES, topIds, twinIds, twinSwapMetrics, twinWorld } from './twinExample.ts';

/** State of the IoU@10 / rank-shift lesson: which profiles are replaced by their twins. */
export class TwinLessonState {
  readonly profiles = TWIN_PROFILES;
  readonly k = TWIN_K;
  readonly withTwin = twinIds(TWIN_PROFILES);
  swapped = new SvelteSet<string>();
  metrics = $derived(twinSwapMetrics(TWIN_PROFILES, this.swapped, TWIN_K));
  originalTop = $derived(topIds(twinWorld(TWIN_PROFILES, new Set()), TWIN_K));
  twinTop = $derived(topIds(twinWorld(TWIN_PROFILES, this.swapped), TWIN_K));

  toggle(id: string): void {
    if (this.swapped.has(id)) this.swapped.delete(id);
    else this.swapped.add(id);
  }

  /** Swaps every twin, or restores all when all are swapped. */
  toggleAll(): void {
    const all = this.withTwin.every((id) => this.swapped.has(id));
    if (all) this.swapped.clear();
    else for (const id of this.withTwin) this.swapped.add(id);
  }

  get allSwapped(): boolean {
    return this.withTwin.every((id) => this.swapped.has(id));
  }

  label(id: string): string {
    const p = this.profiles.find((x) => x.id === id)!;
    return this.swapped.has(id) && p.twin ? `${p.label.replace(/\s*\(.*\)$/, '')} (${p.twin.label}, twin)` : p.label;
  }
}
