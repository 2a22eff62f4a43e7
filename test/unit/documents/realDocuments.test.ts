/**
 * Real documents from ../shared/external (test/sharedExternal.ts): the DOCX CVs of Vanetik &
 * Kogan's vacancy–resume dataset, a PDF made from two of them, the Kaggle IT and HR resume
 * CSVs, and Seshadri et al.'s job posts. Expected texts come from independent readers: the
 * DOCX's word/document.xml runs (docxXml.ts) and Python's csv module.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importDocuments, type DocumentFile, type ExtractTextPort } from '../../../src/core/documents/importDocuments.ts';
import { readTableHeader } from '../../../src/core/documents/csvDocuments.ts';
import { suggestMapping } from '../../../src/core/documents/columnMapping.ts';
import { parseManifest } from '../../../src/core/formats/manifest.ts';
import { documentRecord } from '../../../src/core/package/documentRecords.ts';
import { writeDatasetPackage } from '../../../src/core/package/writePackage.ts';
import { extractDocxText } from '../../../src/documents/docxText.ts';
import { openPdfJsNode } from '../../../src/documents/pdfjsNode.ts';
import { extractPdfText } from '../../../src/documents/pdfText.ts';
import { pagesOf, writePdf } from '../../../scripts/fixtures/pdfWriter.ts';
import { sharedExternal } from '../../sharedExternal.ts';
import { docxRuns, words } from './docxXml.ts';

const CV_TESTS = ['imports every DOCX CV with its text intact', 'imports a PDF made from a CV with the same words'];
const vacancies = sharedExternal('vacancy-resume-matching', CV_TESTS);
const it_ = sharedExternal('kaggle-resume-it', ['imports the Kaggle IT resumes with a mapping']);
const hr = sharedExternal('kaggle-resume-hr', ['imports the Kaggle HR resumes with a guessed mapping']);
const posts = sharedExternal('hiring-fairness-jobposts', ['imports the job posts as the jobs of a package']);

const extract: ExtractTextPort = {
  pdf: async (bytes, name) => extractPdfText(await openPdfJsNode(), bytes, name),
  docx: extractDocxText,
};
const onDisk = (path: string, name = path.slice(path.lastIndexOf('/') + 1)): DocumentFile => ({ name, bytes: async () => new Uint8Array(readFileSync(path)) });

/** [id, text] of every row of a CSV, read by Python's csv module. */
function pythonCsv(path: string, id: string | null, text: string): [string, string][] {
  const script = [
    'import csv, json, sys', 'csv.field_size_limit(10**9)',
    'rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8-sig")))',
    'print(json.dumps([[r[sys.argv[2]] if sys.argv[2] else str(i + 1), r[sys.argv[3]]] for i, r in enumerate(rows)]))',
  ].join('\n');
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, path, id ?? '', text], { encoding: 'utf8', maxBuffer: 1 << 26 }));
}

describe('real documents', () => {
  it.skipIf(vacancies.skip !== false)(CV_TESTS[0], async () => {
    const dir = vacancies.path('CV');
    const names = readdirSync(dir).filter((n) => n.endsWith('.docx'));
    const { documents, errors } = await importDocuments(names.map((n) => onDisk(`${dir}/${n}`)), { extract });
    expect(errors).toEqual([]);
    expect(documents).toHaveLength(65);
    for (const doc of documents) {
      const expected = docxRuns(readFileSync(`${dir}/${doc.id}.docx`)).join('');
      expect([doc.id, doc.text.replace(/\s+/g, '')]).toEqual([doc.id, expected.replace(/\s+/g, '')]);
    }
    const first = documents.find((d) => d.id === '1')!;
    expect(first.text).toContain('Java full stack developer');
    expect(first.text).toContain('Technologies & Frameworks: OOP, AOP, Spring MVC, JPA, Hibernate');
  });

  it.skipIf(vacancies.skip !== false)(CV_TESTS[1], async () => {
    for (const n of ['3', '12']) {
      const runs = (await extractDocxText(new Uint8Array(readFileSync(vacancies.path('CV', `${n}.docx`))), `${n}.docx`)).split('\n');
      const pdf = writePdf(pagesOf(runs));
      const { documents, errors } = await importDocuments([{ name: `cv-${n}.pdf`, bytes: async () => pdf }], { extract });
      expect(errors).toEqual([]);
      // CVs 3 and 12 use only characters Helvetica's WinAnsi encoding has (— ’ – among them), so every word must come back.
      expect(words(documents[0].text)).toEqual(words(runs.join('\n')));
      expect(documents[0].text).toMatch(/[—’–]/);
    }
  });

  it.skipIf(it_.skip !== false)('imports the Kaggle IT resumes with a mapping', async () => {
    const path = it_.path('filtered_resumes.csv');
    const { documents, errors } = await importDocuments([onDisk(path)], { extract, mapping: { id: 'ID', text: 'Resume_str', title: 'Category' } });
    expect(errors).toEqual([]);
    expect(documents.map((d) => [d.id, d.text])).toEqual(pythonCsv(path, 'ID', 'Resume_str'));
    expect(documents).toHaveLength(120);
    expect(new Set(documents.map((d) => d.title))).toEqual(new Set(['INFORMATION-TECHNOLOGY']));
  });

  it.skipIf(hr.skip !== false)('imports the Kaggle HR resumes with a guessed mapping', async () => {
    const path = hr.path('hr_resumes.csv');
    const { headers } = readTableHeader(new Uint8Array(readFileSync(path)), 'hr_resumes.csv');
    expect(headers).toEqual(['ID', 'Resume_str', 'Category', 'Resume_clean']);
    const mapping = suggestMapping(headers)!;
    expect(mapping).toEqual({ id: 'ID', text: 'Resume_str' });
    const { documents, errors } = await importDocuments([onDisk(path)], { extract, mapping });
    expect(errors).toEqual([]);
    expect(documents.map((d) => [d.id, d.text])).toEqual(pythonCsv(path, 'ID', 'Resume_str'));
    expect(documents[0].id).toBe('16852973');
    expect(documents[0].text).toContain('HR ADMINISTRATOR/MARKETING ASSOCIATE');
  });

  it.skipIf(posts.skip !== false)('imports the job posts as the jobs of a package', async () => {
    const path = posts.path('job_posts', 'job_postings_kaggle.csv');
    const { documents, errors } = await importDocuments([onDisk(path)], { extract, mapping: { text: 'post', title: 'occupation' } });
    expect(errors).toEqual([]);
    expect(documents.map((d) => [d.id.replace('job_postings_kaggle-', ''), d.text])).toEqual(pythonCsv(path, null, 'post'));
    expect(documents).toHaveLength(77);
    expect(new Set(documents.map((d) => d.title)).size).toBe(11);
    const cv = { _id: 'cv-1', text: 'A chef with ten years in restaurants.' };
    const { files } = writeDatasetPackage({
      id: 'job-posts', version: '1.0.0', title: 'Job posts', languages: ['en'],
      jobs: documents.map(documentRecord), cvs: [cv], pools: documents.map((d) => ({ job_id: d.id, cv_ids: ['cv-1'] })),
      tasks: [{ type: 'screening', name: 'screening', jobs: 'jobs', cvs: 'cvs', pools: 'pools' }],
    });
    const manifest = parseManifest(JSON.parse(new TextDecoder().decode(files[0].bytes)));
    expect(manifest.shards.find((s) => s.kind === 'jobs')!.records).toBe(77);
  });
});
