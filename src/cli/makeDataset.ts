/**
 * `fairground make-dataset`: a user's own CVs and job posts (CSV/TSV, JSONL,
 * .txt/.md, PDF, DOCX) to a dataset package with counterfactual variants —
 * the browser's "Your candidates" flow, headless. Every variant is accepted
 * unless a decisions file from the browser's review says otherwise; for the
 * same inputs, options and decisions the package has the same bytes as the
 * browser's.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { integerOption, listOption, numberOption, requiredOption, stringOption } from './args.ts';
import type { Command } from './command.ts';
import { InputError } from './errors.ts';
import { readJsonInput } from './jsonInput.ts';
import { importDocuments, describeDocumentError } from '../core/documents/importDocuments.ts';
import { MAPPED_FIELDS, type ColumnMapping } from '../core/documents/columnMapping.ts';
import { withDefaultLanguage } from '../core/documents/defaultLanguage.ts';
import { VARIANT_KINDS, type VariantKind } from '../core/counterfactual/variant.ts';
import { validateNameList, type NameList } from '../core/counterfactual/nameList.ts';
import { DEFAULT_DRAFT_OPTIONS, type DraftOptions } from '../core/ownData/draftOptions.ts';
import { draftPackage, draftVariants, type Draft } from '../core/ownData/draftPackage.ts';
import { acceptAll } from '../core/ownData/review.ts';
import { applyDocumentSettings, parseReviewFile, type ReadReview } from '../core/ownData/reviewFile.ts';
import type { ImportedDocument } from '../core/documents/candidateDocument.ts';
import { zipPackage } from '../core/package/zipPackage.ts';
import { documentFiles } from './node/documentFiles.ts';
import { nodeExtractText } from './node/extractText.ts';

/** `--map id=Resume_ID,text=Resume_str` → a ColumnMapping. @throws {InputError} for an unknown field or a pair without `=`. */
export function mappingOption(value: string | undefined, option: string): ColumnMapping | undefined {
  if (value === undefined) return undefined;
  const mapping: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    const field = pair.slice(0, at).trim();
    if (at < 1 || !(MAPPED_FIELDS as readonly string[]).includes(field)) {
      throw new InputError(`--${option}: "${pair}" is not FIELD=COLUMN with FIELD one of ${MAPPED_FIELDS.join(', ')}`);
    }
    mapping[field] = pair.slice(at + 1).trim();
  }
  if (mapping.text === undefined) throw new InputError(`--${option}: name the text column (text=COLUMN)`);
  return mapping as unknown as ColumnMapping;
}

async function importSide(path: string, mapping: ColumnMapping | undefined, lang: string | undefined, what: string) {
  const result = await importDocuments(await documentFiles(path), { mapping, extract: nodeExtractText });
  if (result.errors.length > 0) {
    // One line (errors.ts): the files' errors follow each other, separated by "; ", each naming its file.
    throw new InputError(`${result.errors.length} ${what} file(s) or row(s) could not be imported, nothing was written: ${result.errors.map((e) => describeDocumentError(e).replace(/\s*[\r\n]+\s*/gu, ' ')).join('; ')}`, path);
  }
  return importedWithLanguage(result.documents, lang);
}

/** `--lang` given to the documents that carry none. @throws {InputError} for a code that is not one. */
function importedWithLanguage(documents: readonly ImportedDocument[], lang: string | undefined): ImportedDocument[] {
  try {
    return withDefaultLanguage(documents, lang);
  } catch (e) {
    throw new InputError(`--lang: ${(e as Error).message}`);
  }
}

/** `--name-lists F.json`: a user's own name list (core/counterfactual/nameList.ts). @throws {InputError} naming the file and field. */
async function readNameList(path: string): Promise<NameList> {
  const value = readJsonInput(await readFile(path, 'utf8'), path);
  try {
    return validateNameList(value);
  } catch (e) {
    throw new InputError(`not a name list: ${(e as Error).message}`, path);
  }
}

export const makeDatasetCommand: Command = {
  name: 'make-dataset',
  ownsOut: true,
  options: {
    cvs: { type: 'string', input: 'file-or-folder' }, jobs: { type: 'string', input: 'file-or-folder' }, map: { type: 'string' }, 'jobs-map': { type: 'string' },
    variants: { type: 'string' }, groups: { type: 'string' }, 'names-per-group': { type: 'string' }, 'typo-rate': { type: 'string' },
    'name-lists': { type: 'string', multiple: true, input: 'file' }, names: { type: 'string' }, neutralise: { type: 'string' },
    'gender-names-ethnicity': { type: 'string' }, 'other-names-gender': { type: 'string' }, seed: { type: 'string' }, lang: { type: 'string' }, id: { type: 'string' }, title: { type: 'string' }, decisions: { type: 'string', input: 'file' },
  },
  usage:
    'make-dataset --cvs FILE|DIR --jobs FILE|DIR [--map id=…,text=…,name=…,lang=…,group=…,label=…,job=…] [--jobs-map …] ' +
    '[--variants names,explicit,gender,noise] [--groups gender,ethnicity,origin] [--lang en] [--seed 1] [--neutralise yes|no] [--names insert|replace] ' +
    '[--names-per-group 2] [--gender-names-ethnicity white] [--other-names-gender seeded|female|male] [--name-lists LIST.json …] [--id ID] [--title T] [--decisions F.json] --out DIR|FILE.zip',
  summary: 'a dataset package of your own CVs and job posts with counterfactual name, explicit, gender and noise variants (the browser\'s "Your candidates")',
  async run(args) {
    const out = requiredOption(args, 'out');
    // The browser's review file (its "Export review decisions"): the decisions and, from version 2,
    // every document's id, language and typed name, the mappings and the generator's options —
    // what rebuilds the browser's package byte for byte. A flag given as well overrides it.
    const decisionsPath = stringOption(args, 'decisions');
    let review: ReadReview | undefined;
    if (decisionsPath !== undefined) {
      const value = readJsonInput(await readFile(decisionsPath, 'utf8'), decisionsPath);
      try {
        review = parseReviewFile(value);
      } catch (e) {
        throw new InputError((e as Error).message, decisionsPath);
      }
    }
    const base = review?.settings?.options ?? DEFAULT_DRAFT_OPTIONS;
    const kinds = (listOption(args, 'variants').length > 0 ? listOption(args, 'variants') : [...base.kinds]) as VariantKind[];
    for (const k of kinds) if (!(VARIANT_KINDS as readonly string[]).includes(k)) throw new InputError(`--variants: unknown kind "${k}"; use ${VARIANT_KINDS.join(', ')}`);
    const attributes = listOption(args, 'groups').length > 0 ? listOption(args, 'groups') : [...base.attributes];
    const names = stringOption(args, 'names') ?? base.names ?? 'insert';
    if (names !== 'insert' && names !== 'replace') {
      throw new InputError(/\.json$/iu.test(names) ? `--names is insert or replace now; give name lists with --name-lists ${names}` : `--names must be insert or replace, got "${names}"`);
    }
    const neutraliseText = stringOption(args, 'neutralise') ?? (base.neutralise === false ? 'no' : 'yes');
    if (neutraliseText !== 'yes' && neutraliseText !== 'no') throw new InputError(`--neutralise must be yes or no, got "${neutraliseText}"`);
    const otherGender = stringOption(args, 'other-names-gender') ?? base.nameChoice?.otherNamesGender ?? 'seeded';
    if (otherGender !== 'seeded' && otherGender !== 'female' && otherGender !== 'male') throw new InputError(`--other-names-gender must be seeded, female or male, got "${otherGender}"`);
    const genderEthnicity = stringOption(args, 'gender-names-ethnicity') ?? base.nameChoice?.genderNamesEthnicity;
    const nameLists = listOption(args, 'name-lists').length > 0 ? await Promise.all(listOption(args, 'name-lists').map(readNameList)) : base.nameLists ?? [];
    const options: DraftOptions = {
      kinds,
      attributes,
      seed: integerOption(args, 'seed', base.seed, 0),
      namesPerGroup: integerOption(args, 'names-per-group', base.namesPerGroup, 1),
      typoRate: numberOption(args, 'typo-rate', base.typoRate),
      nameLists,
      neutralise: neutraliseText === 'yes',
      names,
      ...(genderEthnicity !== undefined || otherGender !== 'seeded'
        ? { nameChoice: { ...(genderEthnicity !== undefined ? { genderNamesEthnicity: genderEthnicity } : {}), otherNamesGender: otherGender } }
        : {}),
    };
    if (!(options.typoRate >= 0 && options.typoRate <= 1)) throw new InputError(`--typo-rate must be in [0, 1], got ${options.typoRate}`);
    const lang = stringOption(args, 'lang');
    const settings = review?.settings;
    const side = async (option: 'cvs' | 'jobs', mapOption: 'map' | 'jobs-map', what: string) => {
      const path = requiredOption(args, option);
      const mapping = mappingOption(stringOption(args, mapOption), mapOption) ?? settings?.mappings[option];
      if (!settings) return importSide(path, mapping, lang, what);
      let documents;
      try {
        documents = applyDocumentSettings(await importSide(path, mapping, undefined, what), settings.documents[option], what);
      } catch (e) {
        if (e instanceof RangeError) throw new InputError(e.message, decisionsPath);
        throw e;
      }
      return importedWithLanguage(documents, lang);
    };
    const cvs = await side('cvs', 'map', 'CV');
    const jobs = await side('jobs', 'jobs-map', 'job post');
    const id = stringOption(args, 'id') ?? settings?.dataset.id ?? 'my-candidates';
    const draft: Draft = { id, title: stringOption(args, 'title') ?? settings?.dataset.title ?? id, cvs, jobs, options };
    const decisions = review?.decisions ?? acceptAll(draftVariants(draft).variants, new Map());
    let made;
    try {
      made = draftPackage(draft, decisions);
    } catch (e) {
      if (e instanceof RangeError) throw new InputError(e.message);
      throw e;
    }
    const { files } = made.files;
    if (out.toLowerCase().endsWith('.zip')) {
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, zipPackage(files));
    } else {
      // Written into a fresh folder; a failure part-way removes it, so nothing half-written is kept.
      await rm(out, { recursive: true, force: true });
      try {
        for (const f of files) {
          await mkdir(dirname(join(out, f.path)), { recursive: true });
          await writeFile(join(out, f.path), f.bytes);
        }
      } catch (e) {
        await rm(out, { recursive: true, force: true });
        throw e;
      }
    }
    return {
      out,
      dataset: id,
      cvs: cvs.length,
      jobs: jobs.length,
      variants: made.counts,
      not_made: made.notMade.map((n) => ({ of: n.of, kind: n.kind, ...(n.group ? { group: n.group } : {}), reason: n.reason })),
      files: files.map((f) => f.path),
    };
  },
};
