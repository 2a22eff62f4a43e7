import { describe, expect, it } from 'vitest';
import type { DatasetSummary } from '../../../src/storage/datasetStore.ts';
import { clearPendingImport, PENDING_IMPORT_KEY, readPendingImport, resumePlan, writePendingImport } from '../../../src/storage/pendingImport.ts';

/** localStorage's three calls over a Map. */
function memoryStore(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function summary(id: string, title: string, state: DatasetSummary['state'], update?: DatasetSummary['update']): DatasetSummary {
  return { id, title, version: '1.0.0', languages: [], tasks: [], records: 0, recordsByShard: {}, bytes: 0, state, update };
}

describe('pending import marker', () => {
  it('writePendingImport then readPendingImport round-trips the URL, label, dataset id and title', () => {
    const store = memoryStore();
    writePendingImport(store, { url: 'http://site/sets/z/', label: 'http://site/sets/z/', datasetId: 'z', title: 'Zebra' });
    expect(readPendingImport(store)).toEqual({ url: 'http://site/sets/z/', label: 'http://site/sets/z/', datasetId: 'z', title: 'Zebra' });
    clearPendingImport(store);
    expect(store.map.size).toBe(0);
    expect(readPendingImport(store)).toBeUndefined();
  });

  it('writePendingImport then readPendingImport round-trips a Hub import\'s address, map and groups', () => {
    const store = memoryStore();
    const pending = { url: 'hf:lab/odd@0123', label: 'lab/odd', hub: 'http://hub/', hubMap: 'docs.jsonl=corpus,swaps.jsonl=twins:gender', hubGroups: 'gender=female/male' };
    writePendingImport(store, pending);
    expect(readPendingImport(store)).toEqual(pending);
  });

  it('readPendingImport reads the plain URL an older version stored as a marker without a dataset id', () => {
    expect(readPendingImport(memoryStore({ [PENDING_IMPORT_KEY]: 'http://site/datasets/freelance-twins/' }))).toEqual({
      url: 'http://site/datasets/freelance-twins/', label: 'http://site/datasets/freelance-twins/',
    });
    expect(readPendingImport(memoryStore({ [PENDING_IMPORT_KEY]: '{"label":"no url"}' }))).toBeUndefined();
  });
});

describe('resumePlan', () => {
  const failedFirst = summary('aardvark', 'Aardvark broken', 'failed');

  it('resumePlan(marker, list) names the dataset of the marker, not the first failed one in the list', () => {
    const list = [failedFirst, summary('zebra', 'Zebra late', 'importing')];
    expect(resumePlan({ url: 'u', label: 'u', datasetId: 'zebra', title: 'Zebra late' }, list)).toEqual({ resume: true, title: 'Zebra late' });
  });

  it('resumePlan names an interrupted newer version by its own title while the stored version is ready', () => {
    const list = [failedFirst, summary('zebra', 'Zebra', 'ready', { version: '2.0.0', title: 'Zebra, second edition', state: 'importing' })];
    expect(resumePlan({ url: 'u', label: 'u', datasetId: 'zebra' }, list)).toEqual({ resume: true, title: 'Zebra, second edition' });
  });

  it('resumePlan does not resume a marker whose import failed, or whose dataset is ready with nothing interrupted', () => {
    expect(resumePlan({ url: 'u', label: 'u', datasetId: 'aardvark' }, [failedFirst])).toEqual({ resume: false });
    const failedUpdate = summary('zebra', 'Zebra', 'ready', { version: '2.0.0', title: 'Zebra', state: 'failed' });
    expect(resumePlan({ url: 'u', label: 'u', datasetId: 'zebra' }, [failedUpdate])).toEqual({ resume: false });
    expect(resumePlan({ url: 'u', label: 'u', datasetId: 'zebra' }, [summary('zebra', 'Zebra', 'ready')])).toEqual({ resume: false });
    expect(resumePlan(undefined, [failedFirst])).toEqual({ resume: false });
  });

  it('resumePlan resumes a marker written before its manifest was read (or before anything was stored) under its title or label', () => {
    expect(resumePlan({ url: 'u', label: 'Freelance twins' }, [failedFirst])).toEqual({ resume: true, title: 'Freelance twins' });
    expect(resumePlan({ url: 'u', label: 'u', datasetId: 'new', title: 'New set' }, [failedFirst])).toEqual({ resume: true, title: 'New set' });
  });
});
