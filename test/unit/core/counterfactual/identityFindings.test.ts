import { describe, expect, it } from 'vitest';
import type { Edit } from '../../../../src/core/counterfactual/edit.ts';
import { findingsText, identityFindings } from '../../../../src/core/counterfactual/identityFindings.ts';

const edit = (why: Edit['why'], uncertain = false): Edit => ({ offset: 0, before: 'x', after: '', why, ...(uncertain ? { uncertain } : {}) });

describe('identityFindings(edits)', () => {
  it('counts each kind the neutral base removed or rewrote, with the unsure ones, in the reviewer’s order', () => {
    const edits = [edit('phone'), edit('name'), edit('title'), edit('address', true), edit('address'), edit('email'), edit('verb-agreement'), edit('pronoun', true), edit('nationality')];
    expect(identityFindings(edits)).toEqual([
      { kind: 'name', found: 2, unsure: 0 },
      { kind: 'e-mail', found: 1, unsure: 0 },
      { kind: 'phone', found: 1, unsure: 0 },
      { kind: 'address', found: 2, unsure: 1 },
      { kind: 'statement', found: 1, unsure: 0 },
      { kind: 'pronoun', found: 1, unsure: 1 },
    ]);
  });

  it('always lists the name, found 0 when the base removed none', () => {
    expect(identityFindings([edit('email')])).toEqual([{ kind: 'name', found: 0, unsure: 0 }, { kind: 'e-mail', found: 1, unsure: 0 }]);
    expect(identityFindings([])).toEqual([{ kind: 'name', found: 0, unsure: 0 }]);
  });
});

describe('findingsText(findings)', () => {
  it('reads ✓ found, ? with some to check, ✗ no name', () => {
    expect(findingsText(identityFindings([edit('name'), edit('email'), edit('phone'), edit('address', true)]))).toBe('name ✓, e-mail ✓, phone ✓, address ? (to check)');
    expect(findingsText(identityFindings([edit('name'), edit('name'), edit('address', true), edit('address'), edit('address')]))).toBe('name ✓ 2, address ? (1 of 3 to check)');
    expect(findingsText(identityFindings([]))).toBe('name ✗ not found');
  });
});
