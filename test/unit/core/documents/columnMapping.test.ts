import { describe, expect, it } from 'vitest';
import { checkMapping, suggestMapping } from '../../../../src/core/documents/columnMapping.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';

describe('suggestMapping(headers)', () => {
  it('maps the Kaggle resume columns ID and Resume_str, and leaves Category unmapped', () => {
    expect(suggestMapping(['ID', 'Resume_str', 'Category'])).toEqual({ id: 'ID', text: 'Resume_str' });
  });

  it('maps job posts: job_description wins as text, job_title as title, uid is not preferred over id', () => {
    expect(suggestMapping(['id', 'job_description', 'job_title', 'uid'])).toEqual({ id: 'id', text: 'job_description', title: 'job_title' });
  });

  it('recognises names case-insensitively and without _ - or spaces', () => {
    expect(suggestMapping(['Resume ID', 'RESUME', 'NAME', 'Language', 'Gender', 'Fit', 'Job_ID'])).toEqual({
      id: 'Resume ID', text: 'RESUME', name: 'NAME', lang: 'Language', group: 'Gender', label: 'Fit', job: 'Job_ID',
    });
  });

  it('returns undefined when no header looks like the text', () => {
    expect(suggestMapping(['a', 'b'])).toBeUndefined();
  });

  it('uses a header for one field only (the earlier field wins)', () => {
    expect(suggestMapping(['text'])).toEqual({ text: 'text' });
    expect(suggestMapping(['post', 'job'])).toEqual({ text: 'post', job: 'job' });
  });
});

describe('suggestMapping(headers, side) (issue 48: a job post CSV\'s job_id was not guessed as its id)', () => {
  it('job posts: job_id is the id and no job column is guessed; an id column still comes first', () => {
    expect(suggestMapping(['job_id', 'title', 'description'], 'jobs')).toEqual({ id: 'job_id', title: 'title', text: 'description' });
    expect(suggestMapping(['Vacancy ID', 'text'], 'jobs')).toEqual({ id: 'Vacancy ID', text: 'text' });
    expect(suggestMapping(['id', 'job_id', 'text'], 'jobs')).toEqual({ id: 'id', text: 'text' });
  });
  it('CVs: job_id stays the job a CV applied to; candidate_id is the id', () => {
    expect(suggestMapping(['candidate_id', 'job_id', 'resume'], 'cvs')).toEqual({ id: 'candidate_id', text: 'resume', job: 'job_id' });
  });
});

describe('checkMapping(mapping, headers, file)', () => {
  it('passes when every mapped column exists', () => {
    expect(() => checkMapping({ id: 'ID', text: 'Resume_str' }, ['ID', 'Resume_str'], 'it.csv')).not.toThrow();
  });

  it('names the missing column, the field and lists the headers, in the file', () => {
    let error: unknown;
    try {
      checkMapping({ text: 'Resume_str', group: 'gender' }, ['ID', 'Resume_str'], 'it.csv', 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).file).toBe('it.csv');
    expect((error as FormatError).message).toBe('the group column "gender" is not in the file; its columns are "ID", "Resume_str"');
  });
});
