import { describe, expect, it } from 'vitest';
import { releaseArrays } from '../../../src/core/release.ts';

describe('releaseArrays(...arrays)', () => {
  it('detaches each buffer once, so its arrays (views too) read as empty', () => {
    const a = new Float64Array(8).fill(1);
    const view = new Uint8Array(a.buffer, 8, 8);
    const b = new Uint32Array(4);
    releaseArrays(a, view, undefined, b);
    expect([a.length, view.length, b.length]).toEqual([0, 0, 0]);
    expect(a.buffer.byteLength).toBe(0);
  });
  it('leaves a SharedArrayBuffer, an empty and an already released array as they are', () => {
    const shared = new Float32Array(new SharedArrayBuffer(16)).fill(2);
    const empty = new Float32Array(0);
    const gone = new Float32Array(4);
    releaseArrays(gone);
    expect(() => releaseArrays(shared, empty, gone)).not.toThrow();
    expect(Array.from(shared)).toEqual([2, 2, 2, 2]);
  });
});
