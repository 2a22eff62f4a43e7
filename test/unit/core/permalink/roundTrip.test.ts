import { describe, expect, it } from 'vitest';
import {
  decodePermalink,
  encodePermalink,
  MAX_FRAGMENT_LENGTH,
  PermalinkShapeError,
} from '../../../../src/core/permalink/index.ts';
import type { PermalinkPayload } from '../../../../src/core/permalink/index.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';
import { multiTaskPayload, retrievalPayload, screeningPayload } from './fixtures.ts';
import { jsonOfFragment } from './helpers.ts';

const fixtures: [string, () => PermalinkPayload][] = [
  ['retrieval-fairness', retrievalPayload],
  ['screening', screeningPayload],
  ['label-agreement (a kind without a schema)', multiTaskPayload],
];

describe('encodePermalink → decodePermalink', () => {
  for (const [kind, make] of fixtures) {
    it(`decodePermalink(await encodePermalink(p)) returns p for a ${kind} payload`, async () => {
      const fragment = await encodePermalink(make());
      expect(fragment).toMatch(/^r=[A-Za-z0-9_-]+$/);
      const result = await decodePermalink(fragment);
      expect(result).toEqual({ ok: true, payload: make() });
      if (result.ok) expect(Object.getPrototypeOf(result.payload.results)).toBe(Object.prototype);
    });
  }

  it('encodePermalink(p) is raw DEFLATE of the UTF-8 JSON, readable with node:zlib', async () => {
    const fragment = await encodePermalink(retrievalPayload());
    expect(jsonOfFragment(fragment)).toEqual(retrievalPayload());
  });

  it('decodePermalink accepts the fragment with its "#" and surrounding white space', async () => {
    const fragment = await encodePermalink(screeningPayload());
    expect(await decodePermalink(`  #${fragment}\n`)).toEqual({ ok: true, payload: screeningPayload() });
  });

  it('encodePermalink(p) writes the envelope keys in one order, whatever the input order', async () => {
    const p = retrievalPayload();
    const shuffled = { results: p.results, parameters: p.parameters, models: p.models, dataset: p.dataset, kind: p.kind, v: p.v };
    expect(await encodePermalink(shuffled)).toBe(await encodePermalink(p));
  });

  it('encodePermalink keeps non-ASCII text (→, é, 中文) intact', async () => {
    const p = { ...multiTaskPayload(), parameters: { note: 'female→male, café, 中文' } };
    const result = await decodePermalink(await encodePermalink(p));
    expect(result.ok && result.payload.parameters.note).toBe('female→male, café, 中文');
  });

  it('encodePermalink writes NaN and ±Infinity as null and drops undefined properties', async () => {
    const p = { ...multiTaskPayload(), results: { auc: { mean: Number.NaN, ci: [Number.NaN, Infinity] }, note: undefined } };
    const result = await decodePermalink(await encodePermalink(p));
    expect(result.ok && result.payload.results).toEqual({ auc: { mean: null, ci: [null, null] } });
  });

  it('encodePermalink rejects a payload decodePermalink would refuse, naming the path', async () => {
    const bad = { ...retrievalPayload(), models: [{ id: 'x', revision: 3, dtype: null, device: null }] };
    await expect(encodePermalink(bad as never)).rejects.toThrow(PermalinkShapeError);
    await expect(encodePermalink(bad as never)).rejects.toThrow('models[0].revision must be a string or null');
    await expect(encodePermalink({ ...retrievalPayload(), v: 2 })).rejects.toThrow('v must be 1');
    await expect(encodePermalink({ ...retrievalPayload(), results: { when: new Date(0) } })).rejects.toThrow(
      'results.when is not a plain object or array',
    );
  });

  it('encodePermalink rejects a payload whose link would exceed 64 KB', async () => {
    // Incompressible strings: 60 × 2000 seeded random printable characters (≈ 6.5 bits each).
    const rng = createRng(3);
    const noise = (n: number) => Array.from({ length: n }, () => String.fromCharCode(33 + rng.int(90))).join('');
    const p = { ...multiTaskPayload(), results: { blobs: Array.from({ length: 60 }, () => noise(2000)) } };
    await expect(encodePermalink(p)).rejects.toThrow(RangeError);
    await expect(encodePermalink(p)).rejects.toThrow(String(MAX_FRAGMENT_LENGTH));
  });
});
