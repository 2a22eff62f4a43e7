import { describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { shardUrl } from '../../../src/storage/shardUrl.ts';
import { urlSource } from '../../../src/storage/sources.ts';
import { freshDb, packageFiles, utf8 } from './fixtures.ts';

const ROOT = new URL('http://site/sets/demo/');

describe('shardUrl', () => {
  it('shardUrl(path, root) resolves a plain relative path, with sub-folders and encoded characters, inside the folder', () => {
    expect(shardUrl('corpus-00.jsonl.gz', ROOT).href).toBe('http://site/sets/demo/corpus-00.jsonl.gz');
    expect(shardUrl('qrels/test.tsv', ROOT).href).toBe('http://site/sets/demo/qrels/test.tsv');
    expect(shardUrl('my corpus.jsonl', ROOT).href).toBe('http://site/sets/demo/my%20corpus.jsonl');
    expect(shardUrl('caf%C3%A9.jsonl', ROOT).href).toBe('http://site/sets/demo/caf%C3%A9.jsonl');
  });

  const refused: readonly [string, RegExp][] = [
    ['%2e%2e/outside/corpus.jsonl.gz', /"\.\."/],
    ['%2E%2E/outside/corpus.jsonl.gz', /"\.\."/],
    ['.%2e/outside/corpus.jsonl.gz', /"\.\."/],
    ['sub/%2e%2e/%2e%2e/outside/x.jsonl', /"\.\."/],
    ['../outside/corpus.jsonl.gz', /"\.\."/],
    ['%2e/corpus.jsonl', /"\."/],
    ['%252e%252e/outside/corpus.jsonl.gz', /encoded "%"/],
    ['%25252e%25252e/x.jsonl', /encoded "%"/],
    ['..\\outside\\corpus.jsonl.gz', /backslash/],
    ['sub%5c..%5coutside.jsonl', /backslash/],
    ['%2F..%2Foutside.jsonl', /encoded "\/"/],
    ['//example.invalid/corpus.jsonl.gz', /absolute/],
    ['/outside/corpus.jsonl.gz', /absolute/],
    ['%2foutside/corpus.jsonl.gz', /encoded "\/"/],
    ['https:example.invalid/corpus.jsonl.gz', /scheme/],
    ['https://example.invalid/corpus.jsonl.gz', /scheme/],
    ['HTTP:corpus.jsonl', /scheme/],
    ['data:application/json,{}', /scheme/],
    ['blob:http://site/0b5e', /scheme/],
    ['javascript:alert(1)', /scheme/],
    ['java%0ascript:alert(1)', /control character/],
    ['corpus.jsonl?x=1', /"\?" or "#"/],
    ['corpus.jsonl#part', /"\?" or "#"/],
    ['corpus%ZZ.jsonl', /percent-encoding/],
    ['', /empty/],
    ['sub//corpus.jsonl', /empty/],
  ];
  for (const [path, why] of refused) {
    it(`shardUrl(${JSON.stringify(path)}, root) is refused: ${why.source}`, () => {
      expect(() => shardUrl(path, ROOT)).toThrow(/inside the dataset folder http:\/\/site\/sets\/demo\//);
      expect(() => shardUrl(path, ROOT)).toThrow(why);
    });
  }
});

describe('urlSource shard paths', () => {
  /** A fetch that logs every request and serves a manifest whose corpus path is `path`. */
  function serving(path: string, log: string[]): typeof fetch {
    const manifest = packageFiles('evil', [{ name: 'corpus', kind: 'corpus', path, bytes: utf8('{"_id":"a","text":"b"}\n') }], []).get('manifest.json')!;
    return (async (input: RequestInfo | URL) => {
      log.push(String(input));
      return String(input).endsWith('/manifest.json') ? new Response(manifest as BlobPart) : new Response('{"_id":"a","text":"b"}\n');
    }) as typeof fetch;
  }

  for (const path of ['%2e%2e/outside/corpus.jsonl.gz', 'https:example.invalid/corpus.jsonl.gz', '%252e%252e/x.jsonl', 'data:text/plain,x']) {
    it(`a manifest naming shard path ${JSON.stringify(path)} fails the import before any shard is requested`, async () => {
      const log: string[] = [];
      const error = await importDataset(await freshDb(), urlSource('http://site/sets/evil/', serving(path, log)), { storage: null }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'manifest', path: 'manifest.json' });
      expect((error as Error).message).toContain(`"${path}"`);
      expect((error as Error).message).toMatch(/inside the dataset folder/);
      expect(log).toEqual(['http://site/sets/evil/manifest.json']);
    });
  }
});
