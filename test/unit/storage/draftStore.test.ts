import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openFairgroundDb } from '../../../src/storage/db.ts';
import { deleteDraft, getDraft, listDrafts, putDraft, putReviews, readReviews } from '../../../src/storage/draftStore.ts';
import type { DraftEntry } from '../../../src/storage/schema.ts';
import { DEFAULT_DRAFT_OPTIONS } from '../../../src/core/ownData/draftOptions.ts';

const draft = (id: string, updatedAt: number): DraftEntry => ({
  id, title: id, createdAt: 1, updatedAt, options: DEFAULT_DRAFT_OPTIONS,
  cvs: [{ id: 'cv1', text: 'Name: Ana Silva\nDeveloper', source: 'cvs.csv row 2' }],
  jobs: [{ id: 'j1', text: 'Developer wanted', source: 'jobs.csv row 2' }],
});

describe('draftStore', () => {
  it('keeps drafts and their decisions, newest first, and survives reopening (a reload)', async () => {
    const factory = new IDBFactory();
    let db = await openFairgroundDb('drafts', factory);
    await putDraft(db, draft('a', 5));
    await putDraft(db, draft('b', 9));
    await putReviews(db, 'a', new Map([['cv1.noise.typos', { state: 'rejected' }], ['cv1.gender.explicit.female', { state: 'edited', text: 'Gender: Female\nDev' }]]));
    await putReviews(db, 'b', new Map([['cv1.noise.typos', { state: 'accepted' }]]));
    db.close();
    db = await openFairgroundDb('drafts', factory);
    expect((await listDrafts(db)).map((d) => d.id)).toEqual(['b', 'a']);
    expect((await getDraft(db, 'a'))?.cvs[0].text).toBe('Name: Ana Silva\nDeveloper');
    expect([...(await readReviews(db, 'a'))]).toEqual([
      ['cv1.gender.explicit.female', { state: 'edited', text: 'Gender: Female\nDev' }],
      ['cv1.noise.typos', { state: 'rejected' }],
    ]);
    // undefined puts a variant back to pending
    await putReviews(db, 'a', new Map([['cv1.noise.typos', undefined]]));
    expect([...(await readReviews(db, 'a')).keys()]).toEqual(['cv1.gender.explicit.female']);
    await deleteDraft(db, 'a');
    expect(await getDraft(db, 'a')).toBeUndefined();
    expect((await readReviews(db, 'a')).size).toBe(0);
    expect((await readReviews(db, 'b')).size).toBe(1); // another draft's decisions are untouched
    db.close();
  });
});
