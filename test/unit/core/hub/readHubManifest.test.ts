import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readHubManifest } from '../../../../src/core/hub/readHubManifest.ts';
import { twinGroupsOfFiles } from '../../../../src/core/hub/twinGroups.ts';
import { HubLayoutError } from '../../../../src/core/hub/hubLayoutError.ts';
import { parquetOf } from '../../../fixtures/hubDatasetFixture.ts';

const SHA = '1111111111111111111111111111111111111111';
const HOST = 'https://hub.test/';
const utf8 = (s: string) => new TextEncoder().encode(s);
const TWIN = (group: string, twin: string) => JSON.stringify({ id: 'd1', twin_id: `d1-${twin}`, twin_text: 't', group, twin_group: twin });

/** A Hub of one dataset `o/d` with these files, answering as the API does; it records the paths fetched. */
function hub(files: Record<string, Uint8Array | string>) {
  const fetched: string[] = [];
  const fetchFn = async (url: string): Promise<Response> => {
    if (url === `${HOST}api/datasets/o/d/revision/main?blobs=true`) {
      return new Response(JSON.stringify({ sha: SHA, siblings: Object.entries(files).map(([rfilename, b]) => ({ rfilename, size: typeof b === 'string' ? utf8(b).length : b.length })) }), { status: 200 });
    }
    const path = url.slice(`${HOST}datasets/o/d/resolve/${SHA}/`.length);
    fetched.push(path);
    const body = files[path];
    return body === undefined ? new Response('', { status: 404 }) : new Response(typeof body === 'string' ? body : (body as BlobPart), { status: 200 });
  };
  return { fetchFn, fetched };
}

const RETRIEVAL = { 'corpus.jsonl': '{"_id":"d1","text":"x"}\n', 'queries.jsonl': '{"_id":"q1","text":"y"}\n', 'qrels/test.tsv': 'q1\td1\t1\n' };

describe('twinGroupsOfFiles(files)', () => {
  it('twinGroupsOfFiles(files) returns the group and twin_group values of JSONL, gzipped JSONL and Parquet twins, sorted by name', async () => {
    expect(await twinGroupsOfFiles([
      { path: 'a.jsonl', bytes: utf8(`${TWIN('male', 'female')}\nnot json\n`) },
      { path: 'b.jsonl.gz', bytes: gzipSync(utf8(TWIN('nonbinary', 'male'))) },
      { path: 'c.parquet', bytes: parquetOf({ id: ['d2'], twin_id: ['t2'], twin_text: ['x'], group: ['x-other'], twin_group: ['female'] }) },
    ])).toEqual(['female', 'male', 'nonbinary', 'x-other']);
    // The @example of the module.
    expect(await twinGroupsOfFiles([{ path: 't.jsonl', bytes: utf8('{"group":"male","twin_group":"female"}\n') }])).toEqual(['female', 'male']);
  });
});

describe('readHubManifest(host, ref, fetch)', () => {
  it('reads the card for its hints, and the twins records for groups neither the card nor the user gives', async () => {
    const { fetchFn, fetched } = hub({ ...RETRIEVAL, 'README.md': '---\nfairground:\n  relevance_threshold: 2\n---\n', 'twins-gender.jsonl': `${TWIN('male', 'female')}\n` });
    const { manifest, card } = await readHubManifest(HOST, { repo: 'o/d' }, fetchFn);
    expect(card).toEqual({ relevanceThreshold: 2 });
    expect(manifest.tasks).toEqual([
      { type: 'retrieval', name: 'test', corpus: 'corpus', queries: 'queries', qrels: 'qrels', relevance_threshold: 2, k: [10] },
      { type: 'twins', name: 'gender', of: 'test', twins: 'twins-gender', attribute: 'gender', groups: ['female', 'male'] },
    ]);
    expect(fetched).toEqual(['README.md', 'twins-gender.jsonl']);
  });

  it('keeps the card\'s or the user\'s groups (and order) without reading the records', async () => {
    const { fetchFn, fetched } = hub({ ...RETRIEVAL, 'README.md': '---\nfairground:\n  twin_groups:\n    gender: [male, female]\n---\n', 'twins-gender.jsonl': `${TWIN('male', 'female')}\n` });
    expect((await readHubManifest(HOST, { repo: 'o/d' }, fetchFn)).manifest.tasks[1]).toMatchObject({ groups: ['male', 'female'] });
    expect((await readHubManifest(HOST, { repo: 'o/d' }, fetchFn, { groups: { gender: ['f', 'm'] } })).manifest.tasks[1]).toMatchObject({ groups: ['f', 'm'] });
    expect(fetched).toEqual(['README.md', 'README.md']);
  });

  it('asks for the groups (HubLayoutError) when the records carry fewer than two', async () => {
    const { fetchFn } = hub({ ...RETRIEVAL, 'twins-gender.jsonl': '{"id":"d1"}\n' });
    await expect(readHubManifest(HOST, { repo: 'o/d' }, fetchFn)).rejects.toBeInstanceOf(HubLayoutError);
    await expect(readHubManifest(HOST, { repo: 'o/d' }, fetchFn)).rejects.toThrow('the twins of "gender" need their groups');
  });
});
