/**
 * readScoreTable reads a score file in place (RunLineReader) and must give what the whole-text
 * reading gives — parseRun on the text with its `#` lines checked and blanked — to the entry, and
 * the same refusal (message and line) where that reading refuses.
 */
import { describe, expect, it } from 'vitest';
import { readScoreTable } from '../../../../../src/core/audit/imported/retrievalScores.ts';
import { scoreFileHeader, stripScoreFileHeader } from '../../../../../src/core/audit/imported/scoreFileHeader.ts';
import { FormatError } from '../../../../../src/core/formats/formatError.ts';
import { parseRun } from '../../../../../src/core/formats/trecRun.ts';
import { createRng } from '../../../../../src/core/stats/rng.ts';

const dataset = { id: 'freelance-twins', version: '1.0.0', manifestSha256: 'a'.repeat(64) };
const other = { ...dataset, version: '0.9.0' };

/** The reading it replaces: entries as [query, [[doc, score], …]], or the refusal. */
function whole(text: string): unknown {
  try {
    const run = parseRun(stripScoreFileHeader(text, dataset));
    return [...run].map(([q, list]) => [q, list.map((d) => [d.id, d.score])]);
  } catch (e) {
    if (e instanceof FormatError) return { message: e.message, line: e.line };
    throw e;
  }
}

function inPlace(text: string): unknown {
  try {
    return [...readScoreTable(text, dataset)].map(([q, row]) => [q, [...row]]);
  } catch (e) {
    if (e instanceof FormatError) return { message: e.message, line: e.line };
    throw e;
  }
}

describe('readScoreTable(text, dataset)', () => {
  it('gives the whole-text reading on seeded score files: TSV or TREC, headers, comments, provenance, CRLF, blank lines, queries not grouped, and its refusals', () => {
    const rng = createRng(7);
    const lineOf = (tsv: boolean, q: string, d: string, s: string) => (tsv ? `${q}\t${d}\t${s}` : `${q} Q0 ${d} 1 ${s} sys`);
    for (let round = 0; round < 400; round++) {
      const tsv = rng.int(2) === 0;
      const lines: string[] = [];
      if (rng.int(3) === 0) lines.push(scoreFileHeader(rng.int(8) === 0 ? other : dataset));
      if (tsv && rng.int(3) === 0) lines.push('query-id\tcorpus-id\tscore');
      for (let n = rng.int(30); n > 0; n--) {
        const kind = rng.int(40);
        const q = `q${rng.int(4)}`;
        const d = `d${rng.int(12)}`;
        const s = ['0.5', '-1e-3', '3', '.25', '1e400', 'NaN', 'abc', '0x10'][kind === 0 ? 5 + rng.int(3) : rng.int(5)];
        if (kind === 1) lines.push('# a comment');
        else if (kind === 2) lines.push('   ');
        else if (kind === 3) lines.push(lineOf(!tsv, q, d, s)); // a row of the other shape
        else if (kind === 4) lines.push(`${q}\t${d}`);
        else lines.push(lineOf(tsv, q, d, s));
      }
      const text = lines.map((l) => l + (rng.int(4) === 0 ? '\r\n' : '\n')).join('');
      expect(inPlace(text), JSON.stringify(text)).toEqual(whole(text));
    }
  });

  it('reads a text with a character the fast reader reads differently (an NBSP inside a TREC row) as parseRun does', () => {
    const text = 'q1 Q0 d1 1 0.5 sys\nq1\u00a0Q0 d2 1 0.25 sys\n';
    expect(inPlace(text)).toEqual(whole(text));
  });

  it('refuses an empty file and a file of comments only as parseRun does', () => {
    for (const text of ['', '\n\n', '# only a comment\n', `${scoreFileHeader(dataset)}\n`]) expect(inPlace(text)).toEqual(whole(text));
  });
});
