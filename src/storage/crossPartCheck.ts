import type { ShardEntry } from '../core/formats/manifest.ts';
import { IdHashTable } from './idTable.ts';
import type { PartIds } from './partIds.ts';

/** A record of a part whose id is already held by another part of its shard name. */
export interface CrossDuplicate {
  readonly id: string;
  readonly line: number;
}

/** The stored ids the check confirms a hash hit against (storedIds.ts over one store key). */
export interface StoredIdLookup {
  /** The `index`-th id of a part, as written. */
  idAt(shard: string, path: string, index: number): Promise<string | undefined>;
  /** Whether `id` is stored in one of `paths` of the shard name. */
  heldIn(shard: string, id: string, paths: ReadonlySet<string>): Promise<boolean>;
}

/**
 * The duplicate check across the parts of one shard name, when parts are written by several
 * workers at once. Each worker checks its own part (a hash table of its ids, confirmed against
 * the stored ids); once a part is written it sends its PartIds here before it is marked done.
 * The parts of a shard name are checked one at a time in manifest order — a part waits until
 * every earlier part of its name has ended — each against the hashes of the parts checked
 * before it and of the parts done by an earlier import (`seed`). A hash hit is confirmed by an
 * exact comparison with the stored ids, so the check has no false positives, and the duplicate
 * reported is the one a one-part-at-a-time import reports: the first record of the later part
 * whose id an earlier part holds.
 */
export class CrossPartCheck {
  readonly #lookup: StoredIdLookup;
  /** Per shard name: the hashes of the parts checked (or done before), and their paths. */
  readonly #merged = new Map<string, { table: IdHashTable; paths: Set<string> }>();
  /** Per part path: resolves once the part has ended (checked, failed or stopped). */
  readonly #ended = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  /** Per part path: the paths of its shard name before it in manifest order, among those to check. */
  readonly #before = new Map<string, string[]>();

  /**
   * @param parts the parts to be written, in manifest order
   * @param seed per shard name, the hashes and paths of its parts already done
   */
  constructor(parts: readonly ShardEntry[], seed: ReadonlyMap<string, { table: IdHashTable; paths: ReadonlySet<string> }>, lookup: StoredIdLookup) {
    this.#lookup = lookup;
    for (const [name, s] of seed) this.#merged.set(name, { table: s.table, paths: new Set(s.paths) });
    const byName = new Map<string, string[]>();
    for (const p of parts) {
      const earlier = byName.get(p.name) ?? [];
      this.#before.set(p.path, [...earlier]);
      earlier.push(p.path);
      byName.set(p.name, earlier);
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.#ended.set(p.path, { promise, resolve });
    }
  }

  /** The first record of `entry` whose id an earlier part of its name holds, else undefined (and the part's ids join the check). */
  async check(entry: ShardEntry, ids: PartIds): Promise<CrossDuplicate | undefined> {
    await Promise.all((this.#before.get(entry.path) ?? []).map((p) => this.#ended.get(p)!.promise));
    let merged = this.#merged.get(entry.name);
    if (!merged) this.#merged.set(entry.name, (merged = { table: new IdHashTable(), paths: new Set() }));
    const earlier = new Set(merged.paths);
    for (let i = 0; i < ids.count; i++) {
      if (!merged.table.addOrHitHash(ids.hashes[2 * i], ids.hashes[2 * i + 1])) continue;
      // A hit: the same hash in an earlier part, or in this one (its own ids are distinct: a 64-bit collision).
      const id = await this.#lookup.idAt(entry.name, entry.path, i);
      if (id !== undefined && earlier.size > 0 && (await this.#lookup.heldIn(entry.name, id, earlier))) return { id, line: ids.lines[i] };
    }
    merged.paths.add(entry.path);
    return undefined;
  }

  /** Says that a part has ended, whatever its outcome: the parts after it may be checked. */
  ended(path: string): void {
    this.#ended.get(path)?.resolve();
  }
}
