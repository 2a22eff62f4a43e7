import { describe, expect, it } from 'vitest';
import { matchCase } from '../../../../src/core/counterfactual/matchCase.ts';

describe('matchCase(model, word)', () => {
  it('writes the word in capitals, capitalised or lower case as the model is', () => {
    expect(matchCase('MARIA', 'aisha')).toBe('AISHA');
    expect(matchCase('Maria', 'aisha')).toBe('Aisha');
    expect(matchCase('maria', 'Aisha')).toBe('aisha');
  });
  it('reads a name in capitals with one stray lower-case letter (a PDF ligature) as capitals: "CASIMiR" → "EMMA"', () => {
    expect(matchCase('CASIMiR', 'emma')).toBe('EMMA');
    expect(matchCase('INGENiERO', 'ingeniera')).toBe('INGENIERA');
    // short or mixed words keep their first letter's case only
    expect(matchCase('IoT', 'x')).toBe('X');
    expect(matchCase('DevOps', 'ops')).toBe('Ops');
  });
});
