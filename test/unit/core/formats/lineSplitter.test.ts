import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { MAX_LINE_BYTES, splitLineBatches, streamChunks } from '../../../../src/core/formats/lineSplitter.ts';
import type { NumberedLine } from '../../../../src/core/formats/lines.ts';

async function* chunksOf(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of cuts) {
    yield bytes.slice(start, cut);
    start = cut;
  }
  yield bytes.slice(start);
}

/** The lines of `splitLineBatches`, one at a time. */
async function* splitLines(chunks: AsyncIterable<Uint8Array>, max?: number): AsyncGenerator<NumberedLine> {
  for await (const batch of splitLineBatches(chunks, max)) yield* batch;
}

async function collect(lines: AsyncIterable<NumberedLine>): Promise<NumberedLine[]> {
  const out: NumberedLine[] = [];
  for await (const l of lines) out.push(l);
  return out;
}

async function failure(lines: AsyncIterable<NumberedLine>): Promise<FormatError> {
  try {
    await collect(lines);
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('expected a FormatError');
}

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('splitLines', () => {
  const text = 'é→\r\n{"a":"日本語 😀"}\r\n\r\nlast';
  const bytes = utf8(text);
  const expected = [
    { line: 1, text: 'é→' },
    { line: 2, text: '{"a":"日本語 😀"}' },
    { line: 4, text: 'last' },
  ];

  it('splitLines(chunks) gives the same numbered lines for a chunk cut at every byte offset', async () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(await collect(splitLines(chunksOf(bytes, [cut]))), `cut at ${cut}`).toEqual(expected);
    }
  });

  it('splitLines(chunks) survives one-byte chunks (cuts inside every character and every CRLF)', async () => {
    const cuts = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(await collect(splitLines(chunksOf(bytes, cuts)))).toEqual(expected);
  });

  it('splitLines(chunks) keeps a final line without a newline and counts blank lines', async () => {
    expect(await collect(splitLines(chunksOf(utf8('\n\na\n \nb\n'), [])))).toEqual([
      { line: 3, text: 'a' },
      { line: 5, text: 'b' },
    ]);
  });

  it('splitLines(chunks) drops a leading byte-order mark', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('x\n')]);
    expect(await collect(splitLines(chunksOf(withBom, [1])))).toEqual([{ line: 1, text: 'x' }]);
  });

  it('splitLines(chunks) throws a FormatError naming the line of bytes that are not UTF-8', async () => {
    const bad = new Uint8Array([...utf8('ok\nok\n'), 0x61, 0xc3, 0x28, ...utf8('\nok\n')]);
    const e = await failure(splitLines(chunksOf(bad, [7])));
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/not valid UTF-8/);
  });

  it('splitLines(chunks) rejects a UTF-8 sequence cut short at the end of the stream', async () => {
    const bad = new Uint8Array([...utf8('ok\n'), 0xe6, 0x97]);
    expect((await failure(splitLines(chunksOf(bad, [4])))).line).toBe(2);
  });

  it('splitLines(chunks, max) accepts a line of exactly max bytes (CR not counted) and rejects max + 1', async () => {
    const ok = utf8('abcd\r\nxy\n');
    expect(await collect(splitLines(chunksOf(ok, [2, 5]), 4))).toEqual([
      { line: 1, text: 'abcd' },
      { line: 2, text: 'xy' },
    ]);
    const e = await failure(splitLines(chunksOf(utf8('abc\nabcde\n'), [6]), 4));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/longer than the limit of 4 bytes/);
  });

  it('splitLines(chunks) stops buffering a newline-free stream once it passes the limit', async () => {
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 1000; i++) yield new Uint8Array(1024).fill(0x61);
      throw new Error('read past the limit');
    }
    const e = await failure(splitLines(endless(), 10_000));
    expect(e.message).toMatch(/longer than the limit/);
    expect(MAX_LINE_BYTES).toBe(8 * 1024 * 1024);
  });
});

describe('splitLineBatches', () => {
  // Many lines per chunk, so the one-decode path runs: CRLF, blank lines, multi-byte text.
  const lines = Array.from({ length: 40 }, (_, i) => (i % 7 === 3 ? '  ' : `{"_id":"${i}","text":"é→ 日本語 😀 ${'x'.repeat(i)}"}`));
  const text = lines.join('\r\n') + '\nlast';
  const bytes = utf8(text);
  const expected = [...lines, 'last'].map((t, i) => ({ line: i + 1, text: t })).filter((l) => l.text.trim() !== '');

  it('splitLineBatches(chunks) gives one array per chunk, whose concatenation is the numbered lines, at every cut', async () => {
    for (const cuts of [[], [1], [100, 101, 102], [bytes.length - 3], [500, 1000, 1500]]) {
      const batches: NumberedLine[][] = [];
      for await (const b of splitLineBatches(chunksOf(bytes, cuts))) batches.push(b);
      expect(batches.length, `cuts ${cuts}`).toBeGreaterThanOrEqual(cuts.length + 1);
      expect(batches.flat(), `cuts ${cuts}`).toEqual(expected);
    }
  });

  it('splitLineBatches(chunks) names the line of bad UTF-8 in the middle of a chunk of many lines', async () => {
    const bad = new Uint8Array([...utf8('a\nb\nc\nd'), 0xff, ...utf8('\ne\nf\n')]);
    const batches = splitLineBatches(chunksOf(bad, []));
    await expect(batches.next()).rejects.toMatchObject({ line: 4, message: expect.stringMatching(/not valid UTF-8/) });
  });

  it('splitLineBatches(chunks, max) names a line over the limit among short ones in one chunk', async () => {
    const batches = splitLineBatches(chunksOf(utf8('a\nbb\nccccc\nd\ne\n'), []), 4);
    await expect(batches.next()).rejects.toMatchObject({ line: 3, message: expect.stringMatching(/longer than the limit of 4 bytes/) });
  });
});

describe('streamChunks', () => {
  it('streamChunks(stream) yields the chunks of a ReadableStream in order', async () => {
    const stream = new Blob(['ab', 'cd']).stream();
    const parts: string[] = [];
    for await (const c of streamChunks(stream)) parts.push(new TextDecoder().decode(c));
    expect(parts.join('')).toBe('abcd');
  });

  it('streamChunks(stream) cancels the stream when the loop stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array([1])),
      cancel: () => {
        cancelled = true;
      },
    });
    for await (const _ of streamChunks(stream)) break;
    expect(cancelled).toBe(true);
  });
});
