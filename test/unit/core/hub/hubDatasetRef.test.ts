import { describe, expect, it } from 'vitest';
import { hubDatasetApiUrl, hubDatasetFileUrl, hubDatasetRefText, parseHubDatasetRef } from '../../../../src/core/hub/hubDatasetRef.ts';
import { HubError, hubFileRefusal, hubListingFromApi } from '../../../../src/core/hub/hubListing.ts';

describe('parseHubDatasetRef(text)', () => {
  it('reads owner/name with an optional hf: prefix, @revision (slashes allowed), :config and /split', () => {
    expect(parseHubDatasetRef('mteb/scifact')).toEqual({ repo: 'mteb/scifact' });
    expect(parseHubDatasetRef(' hf:mteb/scifact@b3b5335 ')).toEqual({ repo: 'mteb/scifact', revision: 'b3b5335' });
    expect(parseHubDatasetRef('hf:mteb/scifact@b3b5335:default/test')).toEqual({ repo: 'mteb/scifact', revision: 'b3b5335', config: 'default', split: 'test' });
    expect(parseHubDatasetRef('o/d@refs/convert/parquet:fr')).toEqual({ repo: 'o/d', revision: 'refs/convert/parquet', config: 'fr' });
    expect(hubDatasetRefText(parseHubDatasetRef('o/d@v1:fr/dev'))).toBe('hf:o/d@v1:fr/dev');
  });

  it('refuses what is not owner/name, saying the shape', () => {
    for (const bad of ['scifact', 'a/b/c', 'https://huggingface.co/datasets/a/b', '-a/b', 'a/b@', 'a/b:x/y/z']) {
      expect(() => parseHubDatasetRef(bad), bad).toThrow('is not a Hub dataset id: write owner/name');
    }
  });

  it('builds the API and file addresses a Hub client uses', () => {
    expect(hubDatasetApiUrl('https://huggingface.co/', { repo: 'mteb/scifact' })).toBe('https://huggingface.co/api/datasets/mteb/scifact/revision/main?blobs=true');
    expect(hubDatasetApiUrl('http://localhost:9/', { repo: 'o/d', revision: 'refs/pr/1' })).toBe('http://localhost:9/api/datasets/o/d/revision/refs%2Fpr%2F1?blobs=true');
    expect(hubDatasetFileUrl('https://hf-mirror.com', 'o/d', 'abc', 'data/a b#.parquet')).toBe('https://hf-mirror.com/datasets/o/d/resolve/abc/data/a%20b%23.parquet');
  });
});

describe('hubListingFromApi(ref, host, status, body, errorCode)', () => {
  const host = 'https://huggingface.co/';
  const sha = 'a'.repeat(40);
  it('reads sha and siblings (size, lfs.sha256) of a 200 answer', () => {
    const body = { sha, siblings: [{ rfilename: 'README.md', size: 10 }, { rfilename: 'data/t.parquet', size: 99, lfs: { sha256: 'b'.repeat(64), size: 99 } }, { nope: 1 }] };
    expect(hubListingFromApi({ repo: 'o/d' }, host, 200, body)).toEqual({
      repo: 'o/d', sha, files: [{ path: 'README.md', bytes: 10 }, { path: 'data/t.parquet', bytes: 99, sha256: 'b'.repeat(64) }],
    });
  });

  const failure = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return { code: (e as HubError).code, message: (e as Error).message };
    }
    throw new Error('did not throw');
  };

  it('says a 404 or a 401 RepoNotFound is no dataset on the Hub (a private one answers the same), and another 401/403 that the dataset is private or gated and no token is sent', () => {
    expect(failure(() => hubListingFromApi({ repo: 'o/none' }, host, 404, {}))).toEqual({ code: 'not-found', message: 'no dataset "o/none" on the Hub at https://huggingface.co/' });
    // What the Hub answers without a token, for a dataset that does not exist and for a private one alike.
    expect(failure(() => hubListingFromApi({ repo: 'o/none' }, host, 401, {}, 'RepoNotFound'))).toEqual({
      code: 'not-found',
      message: 'no dataset "o/none" on the Hub at https://huggingface.co/, or it is private (the Hub answers both alike). Fairground sends no token, so it reads only public datasets; download the files yourself and import the folder',
    });
    const priv = failure(() => hubListingFromApi({ repo: 'private/d' }, host, 401, {}));
    expect(priv.code).toBe('private');
    expect(priv.message).toMatch(/refused "private\/d" \(HTTP 401\): the dataset is private or gated\. Fairground sends no token/);
    expect(failure(() => hubListingFromApi({ repo: 'g/d' }, host, 401, {}, 'GatedRepo'))).toMatchObject({ code: 'gated', message: expect.stringMatching(/^"g\/d" is a gated dataset on the Hub \(HTTP 401\)/) });
    expect(failure(() => hubListingFromApi({ repo: 'o/d' }, host, 500, {})).code).toBe('http');
    expect(failure(() => hubListingFromApi({ repo: 'o/d' }, host, 200, { siblings: [] })).code).toBe('response');
  });

  it('says RevisionNotFound as "owner/name" has no revision "R" (main when none was asked for)', () => {
    expect(failure(() => hubListingFromApi({ repo: 'o/d', revision: 'v9' }, host, 404, {}, 'RevisionNotFound'))).toEqual({ code: 'no-revision', message: '"o/d" has no revision "v9" on the Hub at https://huggingface.co/' });
    expect(failure(() => hubListingFromApi({ repo: 'o/d' }, host, 404, {}, 'RevisionNotFound')).message).toBe('"o/d" has no revision "main" on the Hub at https://huggingface.co/');
    // A 404 without the Hub's code (a mirror) may be either.
    expect(failure(() => hubListingFromApi({ repo: 'o/d', revision: 'v9' }, host, 404, {})).message).toBe('no dataset "o/d" on the Hub at https://huggingface.co/ (or it has no revision "v9")');
  });

  it('refuses a listing whose gated field is "auto" or "manual", naming the dataset gated; false is a public dataset', () => {
    const body = (gated: unknown) => ({ sha, gated, siblings: [{ rfilename: 'corpus.jsonl', size: 9 }] });
    for (const gated of ['auto', 'manual'] as const) {
      expect(failure(() => hubListingFromApi({ repo: 'g/d' }, host, 200, body(gated)))).toEqual({
        code: 'gated',
        message: `"g/d" is a gated dataset on the Hub (access "${gated}"): its files are given only to signed-in users its authors let in. Fairground sends no token, so it reads only public datasets; download the files yourself and import the folder`,
      });
    }
    expect(hubListingFromApi({ repo: 'o/d' }, host, 200, body(false)).files).toEqual([{ path: 'corpus.jsonl', bytes: 9 }]);
  });

  it('words a refused file download', () => {
    expect(hubFileRefusal(403, 'data/t.parquet')).toMatch(/^the Hub refused data\/t\.parquet \(HTTP 403\): the dataset is private or gated\. Fairground sends no token/);
    expect(hubFileRefusal(401, 'data/t.parquet', 'GatedRepo')).toMatch(/^the Hub refused data\/t\.parquet \(HTTP 401\): the dataset is gated\. Fairground sends no token/);
    expect(hubFileRefusal(404, 'x')).toBe('the Hub has no file x at this commit (HTTP 404)');
  });
});
