import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../../../src/core/formats/jsonl.ts';
import { parseTwins } from '../../../../src/core/formats/twins.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';

describe('parseJsonLines(text)', () => {
  it('returns each value with its line, skipping blank lines, LF or CRLF', () => {
    expect(parseJsonLines('{"a":1}\r\n\n[2]\n')).toEqual([{ line: 1, value: { a: 1 } }, { line: 3, value: [2] }]);
  });
  it('throws a FormatError naming the malformed line', () => {
    try {
      parseJsonLines('1\n{oops}\n');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FormatError);
      expect((e as FormatError).line).toBe(2);
    }
  });
});

describe('parseTwins(text)', () => {
  const rec = (id: string, twin: string) => JSON.stringify({ id, twin_id: twin, twin_text: 't', group: 'female', twin_group: 'male' });
  it('keeps the line of each record', () => {
    expect(parseTwins(`${rec('d1', 't1')}\n\n${rec('d2', 't2')}`).map((t) => [t.id, t.line])).toEqual([['d1', 1], ['d2', 3]]);
  });
  it('rejects a second twin of the same document, naming its line', () => {
    expect(() => parseTwins(`${rec('d1', 't1')}\n${rec('d1', 't2')}`)).toThrow(expect.objectContaining({ line: 2 }));
  });
});
