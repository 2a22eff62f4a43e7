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
  it('finds a placeholder or anonymised number in a phone layout where a phone is expected, unsure', () => {
    // a template's placeholder beside the name in the header; an anonymised number on the e-mail's line in a footer
    expect(phoneSpans('Jane Roe (000) 000-0000\nStreet Address\n', 'en')).toMatchObject([{ start: 9, end: 23, confidence: 'unsure' }]);
    const footer = 'Skills\nGo\n\n\n\n\n\n\n\nText\nMore\nEnd\nStill\nBody\nBody\nBody\nBody\n\n  jane@example.com • +49 222 222222\n';
    expect(found(footer, 'de')).toEqual(['+49 222 222222']);
    expect(phoneSpans('Tel.: +31 000 000000', 'nl')).toMatchObject([{ confidence: 'unsure' }]);
  });
  it('never reads a +-number in the body without an e-mail on its line, nor amounts, as a placeholder phone', () => {
    const body = 'A\nB\nC\nD\nE\nF\nG\nH\nI\nJ\nK\nGrew revenue +10 000 000 in 2019; +2 users; +30% growth (2019) 2020-2021\n';
    expect(found(body, 'fr')).toEqual([]);
  });
  it('takes an extension with its number, and the NUL a PDF left where the + was', () => {
    expect(found('Work: (206) 555-0143 x42-17\n', 'en')).toEqual(['(206) 555-0143 x42-17']);
    expect(found('Office (206) 555-0143 ext. 42', 'en')).toEqual(['(206) 555-0143 ext. 42']);
    expect(found('CONTACT\n\n\u000032470123456\nGent, België\n', 'nl')).toEqual(['\u000032470123456']);
  });
});
