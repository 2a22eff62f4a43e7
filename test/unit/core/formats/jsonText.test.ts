/**
 * One JSON document parsed with a one-line error (issue 48): the runtime's quote of the text it could
 * not read (line breaks and all) is dropped; its position becomes a line.
 */
import { describe, expect, it } from 'vitest';
import { jsonSyntaxProblem, parseJsonText } from '../../../../src/core/formats/jsonText.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';

const problem = (text: string) => {
  try {
    JSON.parse(text);
  } catch (e) {
    return jsonSyntaxProblem(e, text);
  }
  throw new Error('parsed');
};

describe('jsonSyntaxProblem(error, text)', () => {
  it('drops the quote of the text: a CSV read as JSON is "Unexpected token \'i\'", no line break', () => {
    expect(problem('id,text\na,hello\n')).toEqual({ message: "Unexpected token 'i'" });
  });
  it('a position becomes its 1-based line: position 12 of {"a":1,\\n"b" 2} is on line 2', () => {
    expect(problem('{"a":1,\n"b" 2}')).toEqual({ message: 'Unexpected number', line: 2 });
    expect(jsonSyntaxProblem(new SyntaxError('Expected property name or \'}\' in JSON at position 1 (line 1 column 2)'), '{x')).toEqual({ message: "Expected property name or '}'", line: 1 });
  });
  it('an empty text: the runtime\'s words as they are', () => {
    expect(problem('')).toEqual({ message: 'Unexpected end of JSON input' });
  });
});

describe('parseJsonText(text)', () => {
  it('returns the value, or throws a FormatError "not JSON: …" with the line', () => {
    expect(parseJsonText('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    expect(() => parseJsonText('[1,\n\n2 3]')).toThrow(FormatError);
    try {
      parseJsonText('[1,\n\n2 3]');
    } catch (e) {
      expect((e as FormatError).message).toMatch(/^not JSON: [^\n]+$/);
      expect((e as FormatError).line).toBe(3);
    }
  });
});
