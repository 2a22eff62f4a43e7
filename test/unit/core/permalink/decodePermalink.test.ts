import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA,
  decodePermalink,
  encodePermalink,
  MAX_ARRAY_LENGTH,
  MAX_DEPTH,
  MAX_STRING_LENGTH,
  MIGRATIONS,
  PermalinkMessages,
} from '../../../../src/core/permalink/index.ts';
import type { JsonObject, Migration } from '../../../../src/core/permalink/index.ts';
import { MAX_JSON_BYTES } from '../../../../src/core/permalink/limits.ts';
import { multiTaskPayload, retrievalPayload } from './fixtures.ts';
import { fragmentOfJson, fragmentOfText } from './helpers.ts';

const NEWER = (schema: number, current: number) =>
  `This link was made by a newer Fairground (schema ${schema}); this version reads up to ${current} — update the site (reload the page) to open it.`;

describe('decodePermalink(fragment) errors', () => {
  it('returns "not a Fairground result link" for a fragment without r=', async () => {
    for (const fragment of ['', '#', 'section-2', 'q=abc', '#x=1&r=abc']) {
      expect(await decodePermalink(fragment)).toEqual({ ok: false, error: 'This is not a Fairground result link.' });
    }
  });

  it('returns the truncated-or-damaged message for a damaged fragment', async () => {
    const fragment = await encodePermalink(retrievalPayload());
    const result = await decodePermalink(fragment.slice(0, fragment.length - 7));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^This link is truncated or damaged/);
    expect(await decodePermalink('r=')).toEqual({ ok: false, error: PermalinkMessages.damaged });
    expect(await decodePermalink('r=abc!def')).toEqual({ ok: false, error: PermalinkMessages.damaged });
  });

  it('refuses a fragment over 64 KB without decoding it', async () => {
    const result = await decodePermalink('r=' + 'A'.repeat(64 * 1024));
    expect(result).toEqual({ ok: false, error: PermalinkMessages.fragmentTooLarge });
    expect(PermalinkMessages.fragmentTooLarge).toMatch(/^This link is larger than 64 KB/);
  });

  it('stops inflating a deflate bomb (50 MB of zeros in a 49 KB link) at the cap: the work is bounded, not timed', async () => {
    const bomb = 'r=' + deflateRawSync(new Uint8Array(50_000_000), { level: 9 }).toString('base64url');
    expect(bomb.length).toBeLessThanOrEqual(64 * 1024);
    let inflated = -1;
    const result = await decodePermalink(bomb, { onInflated: (n) => (inflated = n) });
    expect(result).toEqual({ ok: false, error: PermalinkMessages.contentTooLarge });
    // Past the cap by at most one chunk of the stream (64 KiB here), never the bomb's 50 MB.
    expect(inflated).toBeGreaterThan(MAX_JSON_BYTES);
    expect(inflated).toBeLessThanOrEqual(MAX_JSON_BYTES + 1024 * 1024);
  });

  it('refuses a newer schema with the "update the site" message', async () => {
    const newer = { ...retrievalPayload(), v: CURRENT_SCHEMA + 1, somethingNew: true };
    expect(await decodePermalink(fragmentOfJson(newer))).toEqual({ ok: false, error: NEWER(CURRENT_SCHEMA + 1, CURRENT_SCHEMA) });
    const v3 = { ...retrievalPayload(), v: 3 };
    expect(await decodePermalink(fragmentOfJson(v3), { currentSchema: 2 })).toEqual({ ok: false, error: NEWER(3, 2) });
  });

  it('names the offending field of a wrong-shaped payload', async () => {
    const cases: [unknown, string][] = [
      [{ ...retrievalPayload(), extra: 1 }, 'the payload has the unknown key "extra"'],
      [{ ...retrievalPayload(), kind: 'Retrieval Fairness' }, 'kind must be lower-case letters, digits and "-"'],
      [{ ...retrievalPayload(), dataset: { ...retrievalPayload().dataset, manifestSha256: 'ABC' } }, 'dataset.manifestSha256 must be 64 lower-case hex digits'],
      [{ ...retrievalPayload(), models: [{ id: 'm', revision: null, dtype: null }] }, 'models[0] lacks the key "device"'],
      [{ ...retrievalPayload(), results: [] }, 'results must be an object'],
      [{ ...retrievalPayload(), parameters: { k: 'x'.repeat(MAX_STRING_LENGTH + 1) } }, `parameters.k is a string longer than ${MAX_STRING_LENGTH} characters`],
      [{ ...retrievalPayload(), results: { h: new Array(MAX_ARRAY_LENGTH + 1).fill(0) } }, `results.h has more than ${MAX_ARRAY_LENGTH} items`],
    ];
    for (const [payload, detail] of cases) {
      expect(await decodePermalink(fragmentOfJson(payload))).toEqual({ ok: false, error: PermalinkMessages.invalid(detail) });
    }
  });

  it('refuses a non-finite number (1e999 parses as Infinity)', async () => {
    const json = JSON.stringify(retrievalPayload()).replace('"seed":42', '"seed":1e999');
    const result = await decodePermalink(fragmentOfText(json));
    expect(result).toEqual({ ok: false, error: PermalinkMessages.invalid('parameters.seed must be a finite number or null') });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} levels`, async () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DEPTH; i++) deep = [deep];
    const result = await decodePermalink(fragmentOfJson({ ...retrievalPayload(), results: { deep } }));
    expect(result.ok === false && result.error).toMatch(/nested deeper than 32 levels/);
  });
});

describe('decodePermalink and prototype pollution', () => {
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  const base = JSON.stringify(retrievalPayload());
  const hostile: [string, string][] = [
    ['__proto__ at the top', base.replace('{"v":1,', '{"v":1,"__proto__":{"polluted":true},')],
    ['__proto__ deep in results', base.replace('"nQueries":250', '"nQueries":250,"x":[{"__proto__":{"polluted":1}}]')],
    ['constructor in parameters', base.replace('"seed":42', '"seed":42,"constructor":{"prototype":{"polluted":1}}')],
    ['prototype as a metric name', base.replace('"p@10"', '"prototype"')],
  ];
  for (const [label, json] of hostile) {
    it(`refuses a payload with ${label}, naming the key`, async () => {
      const result = await decodePermalink(fragmentOfText(json));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/forbidden key "(__proto__|constructor|prototype)"/);
    });
  }

  it('reads no v through a __proto__ key: {"__proto__":{"v":1}} is not a Fairground link', async () => {
    expect(await decodePermalink(fragmentOfText('{"__proto__":{"v":1}}'))).toEqual({
      ok: false,
      error: PermalinkMessages.notFairground,
    });
  });
});

/**
 * A synthetic schema history: schema 0 named the models by "id@revision"
 * strings and called parameters "params"; schema 2 renamed results.subsets to
 * results.groups. Defined here only to test the mechanism.
 */
const v0to1: Migration = {
  from: 0,
  migrate(p: JsonObject): JsonObject {
    const models = (p.models as string[]).map((m) => {
      const [id, revision] = m.split('@');
      return { id, revision: revision ?? null, dtype: null, device: null };
    });
    const { params, ...rest } = p;
    return { ...rest, v: 1, models, parameters: params };
  },
};
const v1to2: Migration = {
  from: 1,
  migrate(p: JsonObject): JsonObject {
    const { subsets, ...results } = p.results as JsonObject;
    return { ...p, v: 2, results: { ...results, groups: subsets } };
  },
};

/** A schema-0 link of a kind whose results this build does not check (the envelope is what migrates here). */
function schema0Payload(): JsonObject {
  const p = multiTaskPayload();
  return { v: 0, kind: p.kind, dataset: { ...p.dataset }, models: ['onnx-community/Qwen2.5-0.5B-Instruct@7ae5576', 'bm25'], params: p.parameters, results: { subsets: [1, 2] } };
}

describe('decodePermalink schema migrations', () => {
  it('MIGRATIONS is empty while schema 1 is the only released schema', () => {
    expect(CURRENT_SCHEMA).toBe(1);
    expect(MIGRATIONS).toEqual([]);
  });

  it('opens a schema-0 link through the v0 → v1 migration and reports migratedFrom: 0', async () => {
    const result = await decodePermalink(fragmentOfJson(schema0Payload()), { migrations: [v0to1] });
    expect(result).toEqual({
      ok: true,
      migratedFrom: 0,
      payload: {
        v: 1,
        kind: 'label-agreement',
        dataset: schema0Payload().dataset,
        models: [
          { id: 'onnx-community/Qwen2.5-0.5B-Instruct', revision: '7ae5576', dtype: null, device: null },
          { id: 'bm25', revision: null, dtype: null, device: null },
        ],
        parameters: multiTaskPayload().parameters,
        results: { subsets: [1, 2] },
      },
    });
  });

  it('chains migrations 0 → 1 → 2 when the current schema is 2, whatever their order in the registry', async () => {
    const options = { currentSchema: 2, migrations: [v1to2, v0to1] };
    const from0 = await decodePermalink(fragmentOfJson(schema0Payload()), options);
    expect(from0.ok && from0.migratedFrom).toBe(0);
    expect(from0.ok && from0.payload.results).toEqual({ groups: [1, 2] });
    const from1 = await decodePermalink(await encodePermalink(retrievalPayload()), options);
    expect(from1.ok && from1.migratedFrom).toBe(1);
    expect(from1.ok && Object.keys(from1.payload.results)).toEqual(['schema', 'kind', 'dataset', 'parameters', 'createdAt', 'environment', 'groups']);
    const current = await decodePermalink(fragmentOfJson({ ...retrievalPayload(), v: 2 }), options);
    expect(current.ok && 'migratedFrom' in current).toBe(false);
  });

  it('says the link is too old when no migration leads from its schema', async () => {
    expect(await decodePermalink(fragmentOfJson(schema0Payload()))).toEqual({ ok: false, error: PermalinkMessages.older(0) });
    expect(PermalinkMessages.older(0)).toBe('This link was made by an old Fairground (schema 0) that this version can no longer read.');
  });

  it('turns a migration that throws or skips a version into an error, not an exception', async () => {
    const throwing: Migration = { from: 0, migrate: () => { throw new TypeError('boom'); } };
    const skipping: Migration = { from: 0, migrate: (p) => ({ ...p, v: 2 }) };
    for (const migration of [throwing, skipping]) {
      expect(await decodePermalink(fragmentOfJson(schema0Payload()), { migrations: [migration] })).toEqual({
        ok: false,
        error: PermalinkMessages.invalid('it could not be brought from schema 0 to 1'),
      });
    }
  });

  it('checks the migrated payload again: a migration output with a __proto__ key is refused', async () => {
    const leaky: Migration = { from: 0, migrate: (p) => ({ ...v0to1.migrate(p), results: JSON.parse('{"__proto__":{"polluted":1}}') }) };
    const result = await decodePermalink(fragmentOfJson(schema0Payload()), { migrations: [leaky] });
    expect(result).toEqual({ ok: false, error: PermalinkMessages.invalid('results holds the forbidden key "__proto__"') });
  });

  it('a deflated v0 payload built by zlib with a preset level also opens', async () => {
    const fragment = 'r=' + deflateRawSync(Buffer.from(JSON.stringify(schema0Payload())), { level: 1 }).toString('base64url');
    expect((await decodePermalink(fragment, { migrations: [v0to1] })).ok).toBe(true);
  });
});
