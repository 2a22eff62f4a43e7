/**
 * Imports of one dataset id are serialised across tabs by a Web Lock (`navigator.locks` in a
 * browser; `PageLocks`, the in-process stand-in, where there is none). A "tab" here is a fresh
 * instance of the importer module with its own database connection, sharing the origin's
 * IndexedDB and lock manager, as two tabs do.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { openFairgroundDb } from '../../../src/storage/db.ts';
import { countRecords, listDatasets, readShard } from '../../../src/storage/datasetStore.ts';
import { heldImportLocks, importLockFreed, importLockName, PageLocks, withImportLock } from '../../../src/storage/importLock.ts';
import type { ImportOptions } from '../../../src/storage/datasetImporter.ts';
import type { FairgroundDb } from '../../../src/storage/db.ts';
import type { DatasetSource } from '../../../src/storage/sources.ts';
import { memorySource, pausingSource, retrievalPackage } from './fixtures.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('PageLocks', () => {
  it('request(name, {ifAvailable: true}) is granted null while another holder has the name, and a lock once it is free', async () => {
    const locks = new PageLocks();
    let release!: () => void;
    const held = locks.request('a', {}, () => new Promise<void>((r) => (release = r)));
    await tick();
    expect(await locks.request('a', { ifAvailable: true }, async (lock) => lock)).toBeNull();
    expect(await locks.request('b', { ifAvailable: true }, async (lock) => lock !== null)).toBe(true);
    release();
    await held;
    expect(await locks.request('a', { ifAvailable: true }, async (lock) => lock !== null)).toBe(true);
  });

  it('request(name) waits for the holder and grants waiters in the order they asked', async () => {
    const locks = new PageLocks();
    const order: string[] = [];
    let release!: () => void;
    const first = locks.request('a', {}, async () => {
      order.push('first');
      await new Promise<void>((r) => (release = r));
    });
    const second = locks.request('a', {}, async () => void order.push('second'));
    const third = locks.request('a', {}, async () => void order.push('third'));
    await tick();
    expect(order).toEqual(['first']);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('request(name, {signal}) rejects with the signal\'s reason when aborted while waiting, and the next waiter still gets the lock', async () => {
    const locks = new PageLocks();
    let release!: () => void;
    const held = locks.request('a', {}, () => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    let ran = false;
    const waiting = locks.request('a', { signal: controller.signal }, async () => void (ran = true));
    const next = locks.request('a', {}, async () => 'next');
    controller.abort(new DOMException('Import cancelled', 'AbortError'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError', message: 'Import cancelled' });
    release();
    await held;
    expect(await next).toBe('next');
    expect(ran).toBe(false);
  });

  it('a callback that throws releases the lock and rejects with its error', async () => {
    const locks = new PageLocks();
    await expect(locks.request('a', {}, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await locks.request('a', { ifAvailable: true }, async (lock) => lock !== null)).toBe(true);
  });
});

describe('withImportLock', () => {
  it('withImportLock(locks, id, {onWaiting}, run) runs at once when free, and calls onWaiting once before it waits', async () => {
    const locks = new PageLocks();
    const onWaiting = vi.fn();
    expect(await withImportLock(locks, 'x', { onWaiting }, async () => 1)).toBe(1);
    expect(onWaiting).not.toHaveBeenCalled();
    let release!: () => void;
    const held = locks.request(importLockName('x'), {}, () => new Promise<void>((r) => (release = r)));
    await tick();
    const waited = withImportLock(locks, 'x', { onWaiting }, async () => 2);
    await tick();
    expect(onWaiting).toHaveBeenCalledTimes(1);
    release();
    await held;
    expect(await waited).toBe(2);
  });
});

type Importer = typeof import('../../../src/storage/datasetImporter.ts');

/** A tab: its own instance of the importer module (module state is per page) and its own connection. */
async function openTab(factory: IDBFactory): Promise<{ importDataset: Importer['importDataset']; db: FairgroundDb }> {
  vi.resetModules();
  const { importDataset } = (await import('../../../src/storage/datasetImporter.ts')) as Importer;
  return { importDataset, db: await openFairgroundDb('shared-origin', factory) };
}

describe('importDataset in two tabs', () => {
  it('two tabs importing the same dataset: the second waits for the first, then finds it imported; "ready" never shows a partial dataset', async () => {
    const factory = new IDBFactory();
    const locks = new PageLocks(); // the origin's lock manager, shared by both tabs
    const files = retrievalPackage('same', 40);
    const [one, two, observer] = [await openTab(factory), await openTab(factory), await openTab(factory)];

    // Tab 1 stops twice: inside the first corpus part, then inside the second.
    const inFirst = pausingSource(memorySource(files), 'corpus-00.jsonl.gz', 20);
    const inSecond = pausingSource(inFirst.source, 'corpus-01.jsonl.gz', 20);
    const options: ImportOptions = { storage: null, batchSize: 3, locks };
    const first = one.importDataset(one.db, inSecond.source, options);
    await inFirst.reached;

    let waited!: () => void;
    const waiting = new Promise<void>((resolve) => (waited = resolve));
    const opened: string[] = [];
    const source = memorySource(files);
    const spy: DatasetSource = { ...source, openShard: (p, s) => (opened.push(p), source.openShard(p, s)) };
    const second = two.importDataset(two.db, spy, { ...options, onWaiting: waited });
    // Tab 2 either waits for tab 1 or (without a lock) goes ahead and imports.
    await Promise.race([waiting, second]);

    // Whenever the dataset reads ready, every record is there.
    const seen: string[] = [];
    const check = async () => {
      const [d] = await listDatasets(observer.db);
      if (d?.state !== 'ready') return;
      const stored = (await readShard(observer.db, 'same', 'corpus')).length;
      seen.push(`ready with ${stored} of ${d.recordsByShard.corpus} documents`);
    };
    await check();
    inFirst.open();
    await inSecond.reached;
    await check();
    inSecond.open();
    expect((await first).skipped).toBe(false);
    await check();
    const result = await second;
    await check();
    expect(new Set(seen)).toEqual(new Set(['ready with 40 of 40 documents']));
    expect(result.skipped).toBe(true);
    expect(opened, 'the waiting tab read no shard').toEqual([]);
    expect(await countRecords(observer.db, 'same')).toBe(48);
  });
});

describe('heldImportLocks', () => {
  it('heldImportLocks(locks) gives the dataset ids whose import lock is held, and nothing where locks cannot be listed', async () => {
    const lister = { query: async () => ({ held: [{ name: importLockName('a') }, { name: 'other-lock' }, {}, { name: importLockName('b.c') }] }) };
    expect(await heldImportLocks(lister)).toEqual(new Set(['a', 'b.c']));
    expect(await heldImportLocks(undefined)).toEqual(new Set());
  });
});

describe('importLockFreed', () => {
  it('importLockFreed(locks, id) resolves at once when the lock is free, and only once its holder lets go when held', async () => {
    const locks = new PageLocks();
    await importLockFreed(locks, 'a');
    let release!: () => void;
    const held = locks.request(importLockName('a'), {}, () => new Promise<void>((r) => (release = r)));
    await tick();
    let freed = false;
    const waiting = importLockFreed(locks, 'a').then(() => (freed = true));
    await tick();
    await tick();
    expect(freed).toBe(false);
    // another dataset's lock is not waited for
    await importLockFreed(locks, 'b');
    release();
    await held;
    await waiting;
    expect(freed).toBe(true);
    // the waiter let go at once: the lock is free again
    expect(await locks.request(importLockName('a'), { ifAvailable: true }, async (lock) => lock !== null)).toBe(true);
  });
});
