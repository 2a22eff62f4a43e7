import { describe, expect, it } from 'vitest';
import { documentRecord } from '../../../../src/core/package/documentRecords.ts';
import { validateRecord } from '../../../../src/core/formats/records.ts';

describe('documentRecord(doc)', () => {
  it('runs its @example', () => {
    expect(documentRecord({ id: 'c1', text: 'Anna', source: 'cvs.csv row 1', group: 'female' })).toEqual({
      _id: 'c1', text: 'Anna', meta: { group: 'female', source: 'cvs.csv row 1' },
    });
  });

  it('keeps title, language and name, drops label and job, and is a valid cvs and jobs record', () => {
    const r = documentRecord({ id: 'j', text: 'T', source: 's', title: 'Chef', lang: 'en', name: 'N', label: 1, job: 'x' });
    expect(r).toEqual({ _id: 'j', text: 'T', title: 'Chef', lang: 'en', meta: { name: 'N', source: 's' } });
    expect(validateRecord('jobs', { ...r }, 1).id).toBe('j');
    expect(validateRecord('cvs', { ...r }, 1).id).toBe('j');
  });
});
