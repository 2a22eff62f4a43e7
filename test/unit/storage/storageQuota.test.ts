import { describe, expect, it } from 'vitest';
import { estimateStoredBytes, EXPANSION, prepareStorage } from '../../../src/storage/storageQuota.ts';

const MB = 1048576;

describe('storageQuota', () => {
  it('estimateStoredBytes(files) weighs gzip files by EXPANSION.gzip and others by EXPANSION.plain', () => {
    expect(estimateStoredBytes([{ path: 'a.jsonl.gz', bytes: 10 }, { path: 'b.tsv', bytes: 3 }])).toBe(10 * EXPANSION.gzip + 3 * EXPANSION.plain);
  });

  it('prepareStorage(need, storage) throws "not enough storage" when the need exceeds the free quota', async () => {
    const storage = { estimate: async () => ({ usage: 10 * MB, quota: 30 * MB }) };
    await expect(prepareStorage(25 * MB, storage)).rejects.toMatchObject({
      code: 'space', message: 'not enough storage: needs ~25 MB, 20 MB free',
    });
  });

  it('prepareStorage requests persistence when there is room, and ignores a missing API', async () => {
    let persisted = 0;
    await prepareStorage(MB, { estimate: async () => ({ usage: 0, quota: 2 * MB }), persist: async () => (persisted++, true) });
    expect(persisted).toBe(1);
    await expect(prepareStorage(1e15, undefined)).resolves.toBeUndefined();
    await expect(prepareStorage(1e15, { estimate: async () => ({}) })).resolves.toBeUndefined();
  });
});
