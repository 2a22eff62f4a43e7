import { describe, expect, it } from 'vitest';
import { splitLineBatches, splitLineChunks, type LinesChunk } from '../../../../src/core/formats/lineSplitter.ts';
import type { NumberedLine } from '../../../../src/core/formats/lines.ts';
import { linesChunksText, linesText } from '../../../../src/core/formats/linesText.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

async function* cut(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const c of cuts) {
    yield bytes.slice(start, c);
    start = c;
  }
  yield bytes.slice(start);
}

/** The text readInputText made before: every line an object (splitLineBatches), joined by linesText. */
async function byLines(bytes: Uint8Array, cuts: number[]): Promise<string> {
  const lines: NumberedLine[] = [];
  for await (const batch of splitLineBatches(cut(bytes, cuts))) lines.push(...batch);
  return linesText(lines);
}

async function byChunks(bytes: Uint8Array, cuts: number[]): Promise<string> {
  const chunks: LinesChunk[] = [];
  for await (const chunk of splitLineChunks(cut(bytes, cuts))) chunks.push(chunk);
  return linesChunksText(chunks);
}

describe('linesChunksText(chunks)', () => {
  it('runs its @example: the CR dropped, the blank line emptied', () => {
    expect(linesChunksText([{ text: 'a\r\n  \nb', line: 1, count: 3 }])).toBe('a\n\nb');
  });

  it('gives linesText of the same lines, to the character, on seeded texts cut at random byte boundaries', async () => {
    // Pieces a file can hold: data, CRLF and LF ends, blank and whitespace-only lines, Unicode
    // spaces, a lone CR, line separators, a BOM, characters of 2–4 UTF-8 bytes.
    const pieces = ['q1\td1\t0.5', 'x', ' ', '\t', '\u00a0', '\u3000', '\r', '\u2028', '\u2029', '\ufeff', 'é', '日本', '😀', '# c', '\v', '\f'];
    const rng = createRng(20261203);
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + rng.int(12) }, () => Array.from({ length: rng.int(4) }, () => pieces[rng.int(pieces.length)]).join(''));
      const ends = Array.from(lines, () => (rng.int(3) === 0 ? '\r\n' : '\n'));
      let text = lines.map((l, i) => l + ends[i]).join('');
      if (rng.int(2) === 0) text = text.replace(/\r?\n$/, '');
      const bytes = new TextEncoder().encode(text);
      const cuts = Array.from({ length: rng.int(4) }, () => rng.int(bytes.length + 1)).sort((a, b) => a - b);
      expect(await byChunks(bytes, cuts), JSON.stringify(text)).toBe(await byLines(bytes, cuts));
    }
  });

  it('is empty for a file of blank lines only, and keeps the blank lines before the first non-blank one', () => {
    expect(linesChunksText([{ text: ' \n\t\n', line: 1, count: 3 }])).toBe('');
    expect(linesChunksText([{ text: '\n', line: 1, count: 2 }, { text: '', line: 3, count: 0 }, { text: 'a', line: 3, count: 1 }])).toBe('\n\na');
  });
});
