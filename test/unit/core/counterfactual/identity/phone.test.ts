/** phoneSpans: numbers libphonenumber-js validates in the CV's countries; never a year, a date, a range or an id (synthetic text). */
import { describe, expect, it } from 'vitest';
import { phoneSpans } from '../../../../../src/core/counterfactual/identity/phone.ts';
import { countryHints } from '../../../../../src/core/counterfactual/identity/countryHints.ts';
import { dateLike } from '../../../../../src/core/counterfactual/identity/dateLike.ts';

const found = (text: string, lang?: string) => phoneSpans(text, lang).map((s) => text.slice(s.start, s.end));

describe('phoneSpans(text, lang)', () => {
  it('finds an Indian mobile written without spaces after "Mobile:", with and without +91, with its label', () => {
    const text = 'Mobile: 9876543210\nAlt: +919812345670\nPune, India';
    expect(found(text, 'en')).toEqual(['9876543210', '+919812345670']);
    expect(phoneSpans(text, 'en')[0].label).toEqual({ start: 0, end: 8 });
  });
  it('finds a bare nine-digit Peruvian mobile when the CV names Peru or Lima', () => {
    expect(found('Cel 987654321 · Lima', 'es')).toEqual(['987654321']);
  });
  it('finds national formats of the language\'s country and international ones', () => {
    expect(found('06 12 34 56 78', 'fr')).toEqual(['06 12 34 56 78']);
    expect(found('Teléfono: 612 345 678', 'es')).toEqual(['612 345 678']);
    expect(found('+49 30 1234567 and +44 20 7946 0958 (206) 555-0143', 'de')).toEqual(['+49 30 1234567', '+44 20 7946 0958', '(206) 555-0143']);
  });
  it('never reads years, year ranges, job dates, postcodes or ids as phones', () => {
    for (const text of ['Analyst (10/2022-05/2023), Lima', '2015-2018 12/05/2019 2019 2020', '10115 Berlin', 'DNI 45678912 Lima', 'ORCID 0000-0002-1825-0097', '1999-2003 India', 'Salary 100000000']) {
      expect(found(text, 'es')).toEqual([]);
    }
  });
  it('marks a labelled number the numbering plan rejects as unsure', () => {
    expect(phoneSpans('Tel: (555) 123-4567', 'en')).toMatchObject([{ kind: 'phone', confidence: 'unsure' }]);
  });
});

describe('countryHints(text, lang) and dateLike(s)', () => {
  it('puts the countries the text names and its +codes before the language\'s', () => {
    expect(countryHints('Lima, Perú', 'es')).toEqual(['PE', 'ES']);
    expect(countryHints('+91 98123 45670', 'en')).toEqual(['IN', 'US']);
  });
  it('dateLike reads years, ranges and dates, not phone numbers', () => {
    expect(['2019', '2015-2018', '10/2022-05/2023', '12.05.19', '2019 2020'].map(dateLike)).toEqual([true, true, true, true, true]);
    expect(['987 654 321', '9876543210', '06 12 34 56 78'].map(dateLike)).toEqual([false, false, false]);
  });
});
