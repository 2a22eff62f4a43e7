import { describe, expect, it } from 'vitest';
import { datasetIdentity } from '../../../../../src/core/audit/common/datasetIdentity.ts';
import type { Manifest } from '../../../../../src/core/formats/manifest.ts';

const manifest = (extra: Partial<Manifest> = {}): Manifest => ({ id: 'mine', version: '1.0.0', title: 'Mine', languages: [], tasks: [], shards: [], ...extra });

describe('datasetIdentity', () => {
  it('datasetIdentity(port) gives id, version and manifest hash', () => {
    expect(datasetIdentity({ manifest: manifest(), manifestSha256: 'ab' })).toEqual({ id: 'mine', version: '1.0.0', manifestSha256: 'ab' });
  });

  it('adds the variant counts of a generated dataset, never its seed or kinds', () => {
    const generation = { seed: 7, kinds: ['names'], generated: 10, accepted: 6, rejected: 2, edited: 1, pending: 1, not_made: 3 };
    expect(datasetIdentity({ manifest: manifest({ generation }), manifestSha256: 'ab' }).generation).toEqual({ generated: 10, accepted: 6, rejected: 2, edited: 1, notMade: 3 });
  });
});
