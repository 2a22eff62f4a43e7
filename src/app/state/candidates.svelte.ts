/**
 * The "Your candidates" view's state: a user's own CVs and job posts on their
 * way to an audited dataset — imported (with a column mapping for tables),
 * turned into counterfactual variants by core's seeded generator, reviewed one
 * by one, and stored as an ordinary dataset. The draft and every decision are
 * kept in IndexedDB, so a reload resumes where the review stood. Nothing leaves
 * the page: PDF and DOCX text is read in the documents worker.
 */
import { suggestMapping, type ColumnMapping } from '../../core/documents/columnMapping.ts';
import { readTableHeader } from '../../core/documents/csvDocuments.ts';
import { extensionOf } from '../../core/documents/decodeText.ts';
import { withDefaultLanguage } from '../../core/documents/defaultLanguage.ts';
import type { ImportedDocument } from '../../core/documents/candidateDocument.ts';
import { importDocuments, type DocumentError, type ExtractTextPort } from '../../core/documents/importDocuments.ts';
import type { NotMade, Variant, VariantKind } from '../../core/counterfactual/variant.ts';
import { validateNameList } from '../../core/counterfactual/nameList.ts';
import { DEFAULT_DRAFT_OPTIONS, type DraftOptions } from '../../core/ownData/draftOptions.ts';
import { draftPackage, draftVariants } from '../../core/ownData/draftPackage.ts';
import { acceptAll, decisionsJson, reviewCounts, reviewState, type ReviewCounts, type ReviewDecision, type ReviewState } from '../../core/ownData/review.ts';
import { zipPackage } from '../../core/package/zipPackage.ts';
import { CancelledError } from '../../core/audit/run/index.ts';
import { deleteDraft, listDrafts, putDraft, putReviews, readReviews } from '../../storage/draftStore.ts';
import type { DraftEntry } from '../../storage/schema.ts';
import { database } from './database.ts';
import { datasetsState } from './datasets.svelte.ts';

export type Side = 'cvs' | 'jobs';

/** Files picked for one side, not imported yet, and the columns of its tables. */
export interface PickedSide {
  readonly files: readonly File[];
  /** Headers of the first CSV/TSV among them (the mapping's choices); undefined without a table. */
  readonly headers?: readonly string[];
  mapping?: ColumnMapping;
  /** The language of its documents that carry none ('' for none). */
  lang: string;
}

/** The import running now: which side, how far, since when (for the ETA), and its cancel. */
export interface DocumentImport {
  readonly side: Side;
  done: number;
  readonly total: number;
  file: string;
  readonly startedAt: number;
  readonly controller: AbortController;
}

const TABLES = ['.csv', '.tsv'];
/** A file's name for ids and messages: inside a picked folder, its path relative to that folder (as the CLI names it). */
const pathOf = (f: File) => (f.webkitRelativePath ? f.webkitRelativePath.split('/').slice(1).join('/') : f.name);

/** A file's bytes as the importer reads them. */
const documentFile = (f: File) => ({ name: pathOf(f), bytes: async () => new Uint8Array(await f.arrayBuffer()) });

/** Seconds left at the pace so far; undefined before the first file is done. */
export function etaSeconds(p: Pick<DocumentImport, 'done' | 'total' | 'startedAt'>, now: number): number | undefined {
  if (p.done === 0 || p.done >= p.total) return undefined;
  return (((now - p.startedAt) / p.done) * (p.total - p.done)) / 1000;
}

export class CandidatesState {
  draft = $state.raw<DraftEntry | undefined>(undefined);
  picked = $state<Record<Side, PickedSide | undefined>>({ cvs: undefined, jobs: undefined });
  importing = $state<DocumentImport | undefined>(undefined);
  errors = $state.raw<readonly DocumentError[]>([]);
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  /** The generator's options as the form edits them (the draft keeps the ones last generated with). */
  options = $state<{ -readonly [K in keyof DraftOptions]: DraftOptions[K] }>({ ...DEFAULT_DRAFT_OPTIONS });
  variants = $state.raw<readonly Variant[]>([]);
  notMade = $state.raw<readonly NotMade[]>([]);
  decisions = $state.raw<ReadonlyMap<string, ReviewDecision>>(new Map());
  /** Which variants the review list shows. */
  filterKind = $state<VariantKind | 'all'>('all');
  filterState = $state<ReviewState | 'all'>('all');
  /** The variant shown beside its original, by id. */
  selectedId = $state<string | undefined>(undefined);
  creating = $state(false);
  loaded = $state(false);

  readonly cvs = $derived(this.draft?.cvs ?? []);
  readonly jobs = $derived(this.draft?.jobs ?? []);
  readonly counts: ReviewCounts = $derived(reviewCounts(this.variants, this.decisions));
  readonly shown = $derived(
    this.variants.filter(
      (v) => (this.filterKind === 'all' || v.kind === this.filterKind) && (this.filterState === 'all' || reviewState(this.decisions, v.id) === this.filterState),
    ),
  );
  readonly selected = $derived(this.variants.find((v) => v.id === this.selectedId));
  readonly original = $derived(this.selected ? this.cvs.find((d) => d.id === this.selected!.of) : undefined);

  readonly #extract: () => ExtractTextPort;

  constructor(extract: () => ExtractTextPort) {
    this.#extract = extract;
  }

  /** Restores the newest draft, its decisions and its variants (made again: the generator is seeded). */
  async load(): Promise<void> {
    const db = await database();
    const [latest] = await listDrafts(db);
    if (latest) {
      this.draft = latest;
      this.options = { ...latest.options };
      this.decisions = await readReviews(db, latest.id);
      if (latest.cvs.length > 0) this.#generate();
    }
    this.loaded = true;
  }

  /** Files dropped or picked for one side; a table's header row offers the mapping (guessed first). */
  async pick(side: Side, files: readonly File[]): Promise<void> {
    this.error = undefined;
    const table = files.find((f) => TABLES.includes(extensionOf(f.name)));
    if (!table) {
      this.picked[side] = { files, lang: 'en' };
      return;
    }
    try {
      const header = readTableHeader(new Uint8Array(await table.arrayBuffer()), pathOf(table));
      this.picked[side] = { files, headers: header.headers, mapping: suggestMapping(header.headers), lang: 'en' };
    } catch (e) {
      this.picked[side] = undefined;
      this.error = (e as Error).message;
    }
  }

  /** Imports one side's picked files into the draft; files that fail are listed and left out. */
  async importSide(side: Side): Promise<void> {
    const picked = this.picked[side];
    if (!picked || this.importing) return;
    if (picked.headers && !picked.mapping?.text) {
      this.error = 'Choose the column that holds the text.';
      return;
    }
    this.error = undefined;
    const controller = new AbortController();
    const active: DocumentImport = $state({ side, done: 0, total: picked.files.length, file: '', startedAt: Date.now(), controller });
    this.importing = active;
    try {
      const result = await importDocuments(picked.files.map(documentFile), {
        mapping: picked.mapping ? { ...picked.mapping } : undefined,
        extract: this.#extract(),
        signal: controller.signal,
        onProgress: (p) => {
          active.done = p.done;
          active.file = p.file;
        },
      });
      this.errors = result.errors;
      await this.#setSide(side, withDefaultLanguage(result.documents, picked.lang));
      this.picked[side] = undefined;
      const n = result.documents.length;
      this.notice = `Imported ${n} ${side === 'cvs' ? 'CV' : 'job post'}${n === 1 ? '' : 's'}${result.errors.length ? `; ${result.errors.length} could not be imported (listed below)` : ''}.`;
    } catch (e) {
      if (e instanceof CancelledError || controller.signal.aborted) this.notice = 'Import cancelled; nothing was added.';
      else this.error = `Import failed: ${(e as Error).message}`;
    } finally {
      this.importing = undefined;
    }
  }

  cancelImport(): void {
    this.importing?.controller.abort(new DOMException('Import cancelled', 'AbortError'));
  }

  async #setSide(side: Side, documents: readonly ImportedDocument[]): Promise<void> {
    const now = Date.now();
    const base = this.draft ?? { id: `draft-${now}`, title: 'My candidates', createdAt: now, cvs: [], jobs: [], options: { ...this.options } };
    const next: DraftEntry = { ...base, [side]: [...documents], updatedAt: now, datasetId: undefined };
    await putDraft(await database(), $state.snapshot(next) as DraftEntry);
    this.draft = next;
    if (side === 'cvs') this.#generate();
  }

  /** Makes the variants again with the current options (decisions on variants that still exist are kept). */
  async regenerate(): Promise<void> {
    if (!this.draft) return;
    const next: DraftEntry = { ...this.draft, options: $state.snapshot(this.options) as DraftOptions, updatedAt: Date.now() };
    await putDraft(await database(), next);
    this.draft = next;
    this.#generate();
  }

  #generate(): void {
    if (!this.draft) return;
    try {
      const { variants, notMade } = draftVariants({ cvs: this.draft.cvs, options: this.draft.options });
      this.variants = variants;
      this.notMade = notMade;
      if (!variants.some((v) => v.id === this.selectedId)) this.selectedId = variants[0]?.id;
    } catch (e) {
      this.error = `Could not generate variants: ${(e as Error).message}`;
    }
  }

  /** Sets one variant's decision (undefined: back to pending), stored at once. */
  async decide(variantId: string, decision: ReviewDecision | undefined): Promise<void> {
    if (!this.draft) return;
    const next = new Map(this.decisions);
    if (decision) next.set(variantId, decision);
    else next.delete(variantId);
    this.decisions = next;
    await putReviews(await database(), this.draft.id, new Map([[variantId, decision]]));
  }

  /** Accepts every pending variant of a kind (or all). */
  async acceptAll(kind?: VariantKind): Promise<void> {
    if (!this.draft) return;
    const next = acceptAll(this.variants, this.decisions, kind);
    const changed = new Map<string, ReviewDecision>();
    for (const [id, d] of next) if (!this.decisions.has(id)) changed.set(id, d);
    this.decisions = next;
    await putReviews(await database(), this.draft.id, changed);
  }

  /** Adds the user's own name lists (JSON files), tried before the bundled ones at the next generation. */
  async addNameLists(files: readonly File[]): Promise<void> {
    try {
      const lists = [];
      for (const f of files) {
        try {
          lists.push(validateNameList(JSON.parse(await f.text())));
        } catch (e) {
          throw new Error(`${f.name}: not a name list: ${(e as Error).message}`);
        }
      }
      this.options.nameLists = [...(this.options.nameLists ?? []), ...lists];
      this.error = undefined;
      this.notice = `Added ${lists.length} name list${lists.length === 1 ? '' : 's'}; Generate again to use ${lists.length === 1 ? 'it' : 'them'}.`;
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  /** Moves the selection by `step` within the shown list (the review's arrow keys). */
  move(step: number): void {
    const list = this.shown;
    if (list.length === 0) return;
    const at = list.findIndex((v) => v.id === this.selectedId);
    const next = at < 0 ? 0 : Math.min(list.length - 1, Math.max(0, at + step));
    this.selectedId = list[next].id;
  }

  /** The package of the draft as it stands (accepted and edited variants only). */
  #package(id: string, title: string) {
    if (!this.draft) throw new Error('import CVs and job posts first');
    return draftPackage({ id, title, cvs: this.draft.cvs, jobs: this.draft.jobs, options: this.draft.options }, this.decisions);
  }

  /** Stores the draft as a dataset (through the ordinary import: hashed, checked, staged). */
  async createDataset(id: string, title: string): Promise<boolean> {
    this.error = undefined;
    this.creating = true;
    try {
      const { files } = this.#package(id, title).files;
      const ok = await datasetsState.importFiles(files.map((f) => ({ path: `${id}/${f.path}`, file: new Blob([f.bytes as BlobPart]) })));
      if (!ok) {
        this.error = datasetsState.error ?? 'The dataset could not be stored.';
        return false;
      }
      const next: DraftEntry = { ...this.draft!, datasetId: id, updatedAt: Date.now() };
      await putDraft(await database(), next);
      this.draft = next;
      this.notice = `Stored dataset “${id}”. Run an audit on it in Run.`;
      return true;
    } catch (e) {
      this.error = (e as Error).message;
      return false;
    } finally {
      this.creating = false;
    }
  }

  /** The dataset package as a zip, which `fairground run --dataset FILE.zip` reads. */
  exportZip(id: string, title: string): Blob {
    return new Blob([zipPackage(this.#package(id, title).files.files) as BlobPart], { type: 'application/zip' });
  }

  /** The review's decisions as JSON, for `fairground make-dataset --decisions`. */
  exportDecisions(): Blob {
    return new Blob([`${JSON.stringify(decisionsJson(this.decisions), null, 2)}\n`], { type: 'application/json' });
  }

  /** Discards the draft and its decisions (a stored dataset made from it stays). */
  async discard(): Promise<void> {
    if (this.draft) await deleteDraft(await database(), this.draft.id);
    this.draft = undefined;
    this.variants = [];
    this.notMade = [];
    this.decisions = new Map();
    this.errors = [];
    this.selectedId = undefined;
    this.notice = 'Draft discarded.';
  }
}
