/**
 * The neutral base on CV headers of the shapes real CVs have (issue 46), all synthetic: the base
 * is the CV with exactly the recognised spans (and their labels) deleted, and the separators they
 * leave; years, job dates, headings, titles and referees' names stay.
 */
import { describe, expect, it } from 'vitest';
import { neutralise } from '../../../../src/core/counterfactual/neutral/neutralise.ts';
import { findName } from '../../../../src/core/counterfactual/findName.ts';
import { nameSpans } from '../../../../src/core/counterfactual/identity/name.ts';
import { contactSpans } from '../../../../src/core/counterfactual/identity/contactSpans.ts';
import type { IdentitySpan } from '../../../../src/core/counterfactual/identity/span.ts';
import type { CandidateDocument } from '../../../../src/core/counterfactual/document.ts';

interface Case { readonly doc: CandidateDocument; readonly gone: readonly string[]; readonly keep: readonly string[] }

const CASES: readonly Case[] = [
  {
    doc: {
      id: 'in', source: 'cv-in.txt', lang: 'en',
      text: 'Arjun Mehta Email: arjun.mehta@mailbox.in\nMobile: 9876543210 | Pune, India\nlinkedin.com/in/arjun-mehta-12\nSummary\nData engineer with 6 years of experience.\nExperience\nData Engineer, Acme Analytics (10/2022-05/2023)\nEducation\nB.Tech, Example Institute of Technology, 2020\n\nProfessional References\nDr. Jane Roe, Head of Data, Acme Analytics',
    },
    // the candidate's own town in the header is an address detail (as the gold set marks it)
    gone: ['Arjun', 'Mehta', 'arjun.mehta@mailbox.in', '9876543210', 'Mobile', 'Email', 'linkedin', 'Pune'],
    keep: ['Summary', '(10/2022-05/2023)', ', 2020\n\nProfessional References\nDr. Jane Roe, Head of Data'],
  },
  {
    doc: {
      id: 'pe', source: 'cv-pe.pdf', lang: 'es',
      text: 'LUCÍA\nQUISPE MAMANI\nCel 987654321 · lucia.quispe@correo.pe\nMz B lote 12, Urb. Los Olivos\nin/luciaquispe\nExperiencia\nAnalista de datos, Lima (2019 - 2021)',
    },
    gone: ['LUCÍA', 'QUISPE', '987654321', 'Mz B', 'Olivos', 'in/luciaquispe', 'Cel'],
    keep: ['Experiencia', 'Analista de datos, Lima (2019 - 2021)'],
  },
  {
    doc: {
      id: 'de', source: 'lebenslauf.pdf', lang: 'de',
      text: 'J ANE DOE\nMusterstraße 12, 10115 Berlin\nTel.: +49 30 1234567 | jane.doe@example.de\nBerufserfahrung\nBeispiel GmbH, 03/2018 – 12/2021',
    },
    gone: ['ANE DOE', 'Musterstraße', '10115', '1234567', 'jane.doe'],
    keep: ['Berufserfahrung', 'Beispiel GmbH, 03/2018 – 12/2021'],
  },
  {
    doc: {
      id: 'us', source: 'resume.pdf', lang: 'en', name: 'maria b. lopez',
      text: 'Maria B. LopezFeatured Resume\n418 156th Ave. NE, Apt K210, Kirkland, WA 98033\n(425) 555-0182 • maria.lopez@example.com • github.com/mlopez\nExperience\nSoftware Engineer, Contoso, 2016 – 2020',
    },
    gone: ['Maria', 'Lopez', '112th', 'W610', '98004', '555-0182', 'github'],
    keep: ['Featured Resume', 'Experience', 'Software Engineer, Contoso, 2016 – 2020'],
  },
  {
    doc: {
      id: 'pronouns', source: 'cv.docx', lang: 'en',
      text: 'Priya Sharma (She/Her), M.S.\npriya@example.org | www.priyasharma.dev\nEducation\nM.S. Computer Science, 2018',
    },
    gone: ['Priya', 'She/Her', 'priya@', 'priyasharma.dev'],
    keep: ['M.S.\nEducation', 'M.S. Computer Science, 2018'],
  },
];

/** The recognised spans of a case: the name in the header and every contact detail. */
function spansOf(doc: CandidateDocument): IdentitySpan[] {
  const name = findName(doc);
  return [...(name ? nameSpans(doc.text, name.full) : []), ...contactSpans(doc.text, doc.lang, name?.full.split(' ') ?? [])];
}

/** The text with `[label or start, end)` of each span deleted (an independent reference). */
function deleted(text: string, spans: readonly IdentitySpan[]): string {
  const gone = new Array<boolean>(text.length).fill(false);
  for (const s of spans) for (let i = s.label?.start ?? s.start; i < s.end; i++) gone[i] = true;
  return [...text].filter((_, i) => !gone[i]).join('');
}

/** Lines with separators as spaces and spaces collapsed; lines left empty dropped. */
const words = (text: string) => text.split('\n').map((l) => l.replace(/[|•·;,]/gu, ' ').replace(/\s+/gu, ' ').trim()).filter((l) => l !== '');

describe('neutralise(doc) on CV headers as PDF extraction leaves them (issue 46)', () => {
  for (const c of CASES) {
    it(`${c.doc.id}: the base is the CV with exactly the recognised spans and their labels deleted`, () => {
      const base = neutralise(c.doc).text;
      expect(words(base)).toEqual(words(deleted(c.doc.text, spansOf(c.doc))));
      for (const g of c.gone) expect(base).not.toContain(g);
      for (const k of c.keep) expect(base).toContain(k);
      // the separators a deletion leaves go with it
      for (const line of base.split('\n')) expect(line).not.toMatch(/^[ \t]*[|•·;,]|[|•·;,][ \t]*$/u);
    });
  }

  it('keeps a year, a heading and a referee\'s title and name that used to be read as an address', () => {
    const text = 'Jane Roe\nEducation\nExample University, 2020\n\nProfessional References\nDr. Ana Ortiz, Example University';
    expect(neutralise({ id: 'r', source: 'r.txt', lang: 'en', text }).text).toBe('Education\nExample University, 2020\n\nProfessional References\nDr. Ana Ortiz, Example University');
  });

  it('keeps job dates in parentheses', () => {
    const text = 'Analyst, Example Corp (10/2022-05/2023)\nIntern, Example Corp (01/2021-06/2021)';
    expect(neutralise({ id: 'd', source: 'd.txt', lang: 'es', text }).text).toBe(text);
  });

  it('replaces the name in any case and in the citation forms of author lists, not a month of the same word', () => {
    const text = 'ZELDA QUORIN\nzquorin@example.org\nPublications\nQuorin, Z., Tesk, O. (2021). A study.\nTesk O, Quorin Z. Another. Z. Quorin and Quorin, Zelda.\nZelda led it in June 2020.';
    const base = neutralise({ id: 'c', source: 'c.txt', lang: 'en', text });
    expect(base.text).toBe('Publications\nThe candidate, Tesk, O. (2021). A study.\nTesk O, the candidate. Another. The candidate and the candidate.\nThe candidate led it in June 2020.');
  });

  it('replaces the name words in another order or case, and a hyphenated double surname in citations', () => {
    const text = 'Teodor Quispe Rojas\ntquispe@example.pe\nObras\nQuispe Rojas Teodor y TEODOR QUISPe ROJAS.\n1. Quispe-Rojas, T. A. (2021). Un estudio.';
    expect(neutralise({ id: 'e', source: 'e.txt', lang: 'es', text }).text).toBe('Obras\nThe candidate y the candidate.\n1. The candidate (2021). Un estudio.');
  });

  it('replaces the author-list forms with an initial\'s dot: after a comma always, without one when the list goes on', () => {
    const text = 'Zelda Quorin\nzquorin@example.org\nTalks\nQuorin, Z. A talk. Quorin Z., Tesk O. A paper. Tesk O, Quorin Z. Another.';
    expect(neutralise({ id: 'a', source: 'a.txt', lang: 'en', text }).text).toBe('Talks\nThe candidate A talk. The candidate, Tesk O. A paper. Tesk O, the candidate. Another.');
  });

  it('removes the header name after a Markdown mark and a title, and keeps the title (a qualification)', () => {
    expect(neutralise({ id: 'm', source: 'm.md', lang: 'de', text: '# Dr. Zelda Quorin\nzquorin@example.org\nBerufserfahrung' }).text).toBe('# Dr.\nBerufserfahrung');
  });

  it('marks the edits of a name found by its shape alone (a known first name under a title line) for review', () => {
    const base = neutralise({ id: 'u', source: 'u.txt', lang: 'en', text: 'Data Analyst\nMaria Quorin\nMaria built dashboards.' });
    expect(base.text).toBe('Data Analyst\nThe candidate built dashboards.');
    expect(base.edits.filter((e) => e.why === 'name').map((e) => e.uncertain)).toEqual([true, true]);
  });

  it('deletes a typed name run together with the next words down to the name alone', () => {
    const base = neutralise({ id: 't', source: 't.pdf', lang: 'en', name: 'Zelda B. Quorin', text: 'Zelda B. QuorinFeatured Resume\nSummary' });
    expect(base.text).toBe('Featured Resume\nSummary');
  });
});
