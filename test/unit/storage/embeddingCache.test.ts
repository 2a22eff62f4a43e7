import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EmbeddingCache, embeddingKey, textSha256 } from '../../../src/storage/embeddingCache.ts';
import type { VectorCache } from '../../../src/models/embeddingRunner.ts';
import { freshDb } from './fixtures.ts';

const spec = { modelId: 'org/model', revision: 'abc', dtype: 'q8', pooling: 'mean', prefix: 'query: ' };

describe('embeddingKey', () => {
  it('embeddingKey(spec, text) is model|revision|dtype|pooling|prefix|sha256(text), fields URI-encoded', async () => {
    const hash = createHash('sha256').update('héllo').digest('hex');
    expect(await embeddingKey(spec, 'héllo')).toBe(`org%2Fmodel|abc|q8|mean|query%3A%20|${hash}`);
    expect(await textSha256('héllo')).toBe(hash);
  });

  it('embeddingKey differs when only the prefix differs, even with a "|" in a field', async () => {
    const a = await embeddingKey({ ...spec, prefix: 'a|b' }, 'x');
    const b = await embeddingKey({ ...spec, pooling: 'mean|a', prefix: 'b' }, 'x');
    expect(a).not.toBe(b);
  });
});

describe('EmbeddingCache', () => {
  it('putMany then getMany returns the vectors in key order, undefined for misses', async () => {
    // Also a compile-time check: the embedding runner accepts this cache.
    const cache: VectorCache & EmbeddingCache = new EmbeddingCache(await freshDb(), () => 7);
    await cache.putMany([
      { key: 'a', modelKey: 'm1', vector: new Float32Array([1, 2]) },
      { key: 'b', modelKey: 'm1', vector: new Float32Array([3, 4]) },
    ]);
    const got = await cache.getMany(['b', 'zz', 'a']);
    expect(got[0]).toEqual(new Float32Array([3, 4]));
    expect(got[0]).toBeInstanceOf(Float32Array);
    expect(got[1]).toBeUndefined();
    expect(got[2]).toEqual(new Float32Array([1, 2]));
  });

  it('count(model) and clear(model) act on one model only', async () => {
    const cache = new EmbeddingCache(await freshDb());
    await cache.putMany([{ key: 'a', modelKey: 'm1', vector: new Float32Array([1]) }, { key: 'b', modelKey: 'm1', vector: new Float32Array([1]) }]);
    await cache.putMany([{ key: 'c', modelKey: 'm2', vector: new Float32Array([1]) }]);
    expect(await cache.count('m1')).toBe(2);
    expect(await cache.clear('m1')).toBe(2);
    expect(await cache.count('m1')).toBe(0);
    expect(await cache.count('m2')).toBe(1);
  });
});
