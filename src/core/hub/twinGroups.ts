import { parquetRecordLines } from '../formats/parquetRecords.ts';

/**
 * The groups the records of twins files carry: every value of their `group` and `twin_group`
 * fields, sorted by name (so the first, F in the rank-biserial correlation, is the first by
 * name; a card or the user gives another order). Lines that are not JSON objects are skipped:
 * the import checks each record later and names the bad ones.
 *
 * @param files each file's path and bytes as stored (`.jsonl`, `.jsonl.gz`, `.parquet`).
 * @example await twinGroupsOfFiles([{ path: 't.jsonl', bytes: utf8('{"group":"male","twin_group":"female"}\n') }]) // ['female', 'male']
 */
export async function twinGroupsOfFiles(files: readonly { path: string; bytes: Uint8Array }[]): Promise<string[]> {
  const groups = new Set<string>();
  const add = (line: string) => {
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      return;
    }
    for (const field of ['group', 'twin_group'] as const) {
      const v = (r as Record<string, unknown> | null)?.[field];
      if (typeof v === 'string' && v !== '') groups.add(v);
    }
  };
  for (const f of files) {
    if (f.path.endsWith('.parquet')) {
      const copy = f.bytes.slice().buffer;
      for await (const lines of parquetRecordLines(copy, 'twins')) lines.forEach(add);
      continue;
    }
    const text = f.path.endsWith('.gz') ? await gunzipText(f.bytes) : new TextDecoder().decode(f.bytes);
    text.split('\n').forEach(add);
  }
  return [...groups].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function gunzipText(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}
