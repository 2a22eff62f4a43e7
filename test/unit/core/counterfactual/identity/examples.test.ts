/** Every @example of the identity room and of neutral/contacts.ts, run as written. */
import { describe, expect, it } from 'vitest';
import { addressSpans, contactSpans, countryHints, dateLike, deletion, disjoint, emailSpans, headerName, labelBefore, nameSpans, phoneSpans, urlSpans } from '../../../../../src/core/counterfactual/identity/index.ts';
import { contactRemovals, removalOf } from '../../../../../src/core/counterfactual/neutral/contacts.ts';
import { dateOfBirthAlone, labelLineRemovals } from '../../../../../src/core/counterfactual/neutral/statements.ts';
import { headerEnd } from '../../../../../src/core/counterfactual/identity/header.ts';

describe('the @examples of the identity recognisers', () => {
  it('each returns what its doc comment says', () => {
    expect(labelBefore('x\nMobile: 9876543210', 10, 'phone')).toEqual({ start: 2, end: 10 });
    expect(contactSpans('jane@x.io · +51 987 654 321', 'es').map((s) => s.kind)).toEqual(['email', 'phone']);
    expect(phoneSpans('Mobile: 9876543210, Pune', 'en').map((s) => [s.start, s.end])).toEqual([[8, 18]]);
    expect(dateLike('10/2022-05/2023')).toBe(true);
    expect(dateLike('987 654 321')).toBe(false);
    expect(urlSpans('Site: www.janedoe.com, linkedin.com/in/jane-doe-12').length).toBe(2);
    expect(addressSpans('Musterstraße 12, 10115 Berlin').map((s) => [s.start, s.end, s.confidence])).toEqual([[0, 29, 'sure']]);
    expect(countryHints('Lima, Perú · 987654321', 'es')).toEqual(['PE', 'ES']);
    expect(headerName('J ANE DOE\njane.doe@x.com')?.full).toBe('JANE DOE');
    expect(nameSpans('JANE\nDOE\nEngineer', 'Jane Doe').map((s) => [s.start, s.end])).toEqual([[0, 8]]);
    expect(emailSpans('Email: ana@x.org').map((s) => [s.start, s.end])).toEqual([[7, 16]]);
    expect(deletion('Berlin | a@b.io | Lima', { kind: 'email', start: 9, end: 15, confidence: 'sure' })).toEqual([9, 18]);
    expect(disjoint([{ kind: 'url', start: 0, end: 9, confidence: 'sure' }, { kind: 'phone', start: 5, end: 12, confidence: 'sure' }]).length).toBe(1);
    expect(removalOf('Tel: 0612345678 | Lima', { kind: 'phone', start: 5, end: 15, confidence: 'sure', label: { start: 0, end: 5 } })).toEqual({ start: 0, end: 18, why: 'phone' });
    expect(contactRemovals('Mail maria@x.com, +33 6 12 34 56 78').map((r) => r.why)).toEqual(['email', 'phone']);
    expect(labelLineRemovals('Fecha de nacimiento\n\n21 de octubre de 2003\nx').map((r) => r.why)).toEqual(['birth']);
    expect(dateOfBirthAlone('Ana Ruiz\n03 Août 1997\nParis').map((r) => r.uncertain)).toEqual([true]);
    expect(headerEnd('A\n\nB\nC\nD', 2)).toBe(5);
  });
});
