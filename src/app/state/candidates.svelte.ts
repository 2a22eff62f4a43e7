/**
 * The "Your candidates" view's state: a user's own CVs and job posts on their way to an audited
 * dataset — imported in as many batches as they come (an id already there is named and the user
 * decides), each CV neutralised and turned into counterfactual variants by core's seeded generator,
 * reviewed one by one, and stored as an ordinary dataset. The draft (its documents, the mapping
 * last used, the generator's options) and every decision are kept in IndexedDB, always as plain
 * snapshots, so a reload resumes where the review stood; another tab that changes the draft is
 * heard through a BroadcastChannel. Nothing leaves the page: PDF and DOCX text and tables are read
 * in the documents worker.
 */
import { suggestMapping, type ColumnMapping } from '../../core/documents/columnMapping.ts';
import { extensionOf } from '../../core/documents/decodeText.ts';
import { withDefaultLanguage } from '../../core/documents/defaultLanguage.ts';
import type { ImportedDocument } from '../../core/documents/candidateDocument.ts';
import { importDocuments, type DocumentError, type ExtractTextPort } from '../../core/documents/importDocuments.ts';
import { fitMapping, mappingProblems, tableSample, type TableSample } from '../../core/documents/mappingFit.ts';
import type { FilePart } from '../../core/documents/partProgress.ts';
import type { NotMade, ReviewKind, Variant } from '../../core/counterfactual/variant.ts';
import { validateNameList } from '../../core/counterfactual/nameList.ts';
import { DEFAULT_DRAFT_OPTIONS, type DraftOptions } from '../../core/ownData/draftOptions.ts';
import { baseId, draftPackage, draftVariants } from '../../core/ownData/draftPackage.ts';
import { reviewFileOf } from '../../core/ownData/reviewFile.ts';
import { documentRows, heldCvs, type DocumentRow } from '../../core/ownData/documentRows.ts';
import { clashingIds, mergeDocuments, naturalCompare, type IdClash } from '../../core/ownData/mergeDocuments.ts';
import { acceptAll, reviewCounts, reviewState, type ReviewCounts, type ReviewDecision, type ReviewState } from '../../core/ownData/review.ts';
import { zipPackage } from '../../core/package/zipPackage.ts';
import { CancelledError } from '../../core/audit/run/index.ts';
import { deleteDraft, listDrafts, putDraft, putReviews, readReviews } from '../../storage/draftStore.ts';
import type { DraftEntry } from '../../storage/schema.ts';
import { database } from './database.ts';
import { datasetsState } from './datasets.svelte.ts';
import { setRunIntent } from './runIntent.svelte.ts';

export type Side = 'cvs' | 'jobs';

/** Files picked for one side, not imported yet, and the columns of its tables. */
export interface PickedSide {
  readonly files: readonly File[];
  /** The header and first rows of the first CSV/TSV among them; undefined without a table. */
  readonly sample?: TableSample;
  mapping?: ColumnMapping;
  /** The language of its documents that carry none ('' for none). */
  lang: string;
}

/** The import running now: which side, how far (files, and pages or rows of the file read), since when, and its cancel. */
export interface DocumentImport {
  readonly side: Side;
  done: number;
  readonly total: number;
  file: string;
  part?: FilePart;
  readonly startedAt: number;
  readonly controller: AbortController;
}

/** Documents whose ids the draft already has, waiting for the user's choice. */
export interface PendingClash {
  readonly side: Side;
  readonly documents: readonly ImportedDocument[];
  readonly ids: readonly string[];
  readonly errors: readonly DocumentError[];
}

/** The last removal, for Undo. */
interface Removal {
  readonly side: Side;
  readonly index: number;
  readonly document: ImportedDocument;
  readonly decisions: ReadonlyMap<string, ReviewDecision>;
}

const TABLES = ['.csv', '.tsv'];
/** A file's name for ids and messages: inside a picked folder, its path relative to that folder (as the CLI names it). */
const pathOf = (f: File) => (f.webkitRelativePath ? f.webkitRelativePath.split('/').slice(1).join('/') : f.name);
/** A file's bytes as the importer reads them. */
const documentFile = (f: File) => ({ name: pathOf(f), bytes: async () => new Uint8Array(await f.arrayBuffer()) });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const sideName = (side: Side, n: number) => (side === 'cvs' ? plural(n, 'CV') : plural(n, 'job post'));
/** The order the review lists variants in: by CV id naturally (2 before 10), then as generated. */
const KIND_ORDER: readonly ReviewKind[] = ['neutral', 'names', 'explicit', 'gender', 'noise'];
const CHANNEL = 'fairground-candidates';

/** Seconds left at the pace so far; undefined before the first file (or part of one) is done. */
export function etaSeconds(p: Pick<DocumentImport, 'done' | 'total' | 'startedAt' | 'part'>, now: number): number | undefined {
  const fraction = importFraction(p);
  if (fraction === undefined || fraction <= 0 || fraction >= 1) return undefined;
  return ((now - p.startedAt) / fraction) * (1 - fraction) / 1000;
}

/** How far an import is, as a fraction: whole files done, plus the part of the one being read. */
export function importFraction(p: Pick<DocumentImport, 'done' | 'total' | 'part'>): number | undefined {
  if (p.total === 0) return undefined;
  const inFile = p.part && p.part.total > 0 ? p.part.done / p.part.total : 0;
  return (p.done + inFile) / p.total;
}

export class CandidatesState {
  draft = $state.raw<DraftEntry | undefined>(undefined);
  picked = $state<Record<Side, PickedSide | undefined>>({ cvs: undefined, jobs: undefined });
  importing = $state<DocumentImport | undefined>(undefined);
  clash = $state.raw<PendingClash | undefined>(undefined);
  errors = $state.raw<readonly DocumentError[]>([]);
  error = $state<string | undefined>(undefined);
  notice = $state<string | undefined>(undefined);
  /** The generator's options as the form edits them (the draft keeps the ones last generated with). */
  options = $state<{ -readonly [K in keyof DraftOptions]: DraftOptions[K] }>({ ...DEFAULT_DRAFT_OPTIONS });
  variants = $state.raw<readonly Variant[]>([]);
  notMade = $state.raw<readonly NotMade[]>([]);
  decisions = $state.raw<ReadonlyMap<string, ReviewDecision>>(new Map());
  /**
   * Review writes still on their way to IndexedDB. A decision is shown at once and stored a moment
   * later; a reload in between would lose it, so the review says "Saving…" until this is 0.
   */
  savingDecisions = $state(0);
  /** Which variants the review list shows. */
  filterKind = $state<ReviewKind | 'all'>('all');
  filterState = $state<ReviewState | 'all'>('all');
  /** The variant shown beside its original, by id (always one the filters show, or none). */
  selectedId = $state<string | undefined>(undefined);
  creating = $state(false);
  loaded = $state(false);
  lastRemoval = $state.raw<Removal | undefined>(undefined);
  /** Another tab changed the draft (and this one reloaded it). */
  otherTab = $state(false);

  readonly cvs = $derived(this.draft?.cvs ?? []);
  readonly jobs = $derived(this.draft?.jobs ?? []);
  readonly counts: ReviewCounts = $derived(reviewCounts(this.variants, this.decisions));
  readonly rows: readonly DocumentRow[] = $derived(documentRows(this.cvs, this.jobs, this.variants, this.notMade));
  /** The variants in review order: by CV id naturally, then kind. */
  readonly ordered = $derived.by(() => {
    const at = new Map(this.variants.map((v, i) => [v.id, i]));
    return [...this.variants].sort((a, b) => naturalCompare(a.of, b.of) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || at.get(a.id)! - at.get(b.id)!);
  });
  readonly shown = $derived(
    this.ordered.filter(
      (v) => (this.filterKind === 'all' || v.kind === this.filterKind) && (this.filterState === 'all' || reviewState(this.decisions, v.id) === this.filterState),
    ),
  );
  /** The selected variant when the filters show it: keys and buttons act on it alone. */
  readonly selected = $derived(this.shown.find((v) => v.id === this.selectedId));
  readonly original = $derived(this.selected ? this.cvs.find((d) => d.id === this.selected!.of) : undefined);
  /** What a variant's edits apply to: the CV as imported, or its neutral base (as the review left it). */
  readonly compareText = $derived.by(() => {
    const v = this.selected;
    if (!v || !this.original) return undefined;
    if (v.from === 'original') return this.original.text;
    const base = this.decisions.get(baseId(v.of));
    if (base?.state === 'edited') return base.text;
    if (base?.state === 'rejected') return this.original.text;
    return this.variants.find((x) => x.id === baseId(v.of))?.text ?? this.original.text;
  });
  /** Problems of each picked table's mapping, before anything is imported. */
  readonly mappingProblems = $derived({
    cvs: this.picked.cvs?.sample ? mappingProblems(this.picked.cvs.mapping, this.picked.cvs.sample, 'cvs') : [],
    jobs: this.picked.jobs?.sample ? mappingProblems(this.picked.jobs.mapping, this.picked.jobs.sample, 'jobs') : [],
  });

  readonly #extract: (signal: AbortSignal) => ExtractTextPort;
  #channel: BroadcastChannel | undefined;

  constructor(extract: (signal: AbortSignal) => ExtractTextPort) {
    this.#extract = extract;
  }

  /** Restores the newest draft, its decisions and its variants (made again: the generator is seeded); listens for other tabs. */
  async load(): Promise<void> {
    await this.#reload();
    this.loaded = true;
    if (!this.#channel && typeof BroadcastChannel !== 'undefined') {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.onmessage = () => {
        this.otherTab = true;
        void this.#reload();
      };
    }
  }

  async #reload(): Promise<void> {
    const db = await database();
    const [latest] = await listDrafts(db);
    this.draft = latest;
    if (latest) {
      this.options = { ...DEFAULT_DRAFT_OPTIONS, ...structuredClone(latest.options) };
      this.decisions = await readReviews(db, latest.id);
      this.#generate();
    } else {
      this.variants = [];
      this.notMade = [];
      this.decisions = new Map();
    }
  }

  /** Stores the draft as a plain snapshot (never a reactive proxy: IndexedDB cannot clone one) and tells other tabs. */
  async #store(next: DraftEntry): Promise<void> {
    const plain = structuredClone($state.snapshot(next)) as DraftEntry;
    await putDraft(await database(), plain);
    this.draft = plain;
    this.#channel?.postMessage('draft');
  }

  async #storeDecisions(changed: ReadonlyMap<string, ReviewDecision | undefined>): Promise<void> {
    if (!this.draft) return;
    const plain = new Map([...changed].map(([id, d]) => [id, d === undefined ? undefined : structuredClone($state.snapshot(d)) as ReviewDecision]));
    // Counted in the same tick as the decision is shown, so "Saving…" never lags the count.
    this.savingDecisions += 1;
    try {
      await putReviews(await database(), this.draft.id, plain);
      this.#channel?.postMessage('reviews');
    } catch (e) {
      this.error = `${plural(changed.size, 'review decision')} could not be saved (${e instanceof Error ? e.message : String(e)}): shown here, but a reload would lose ${changed.size === 1 ? 'it' : 'them'}. Make the decision again, or free some storage space if the browser says it is full.`;
    } finally {
      this.savingDecisions -= 1;
    }
  }

  /** Files dropped or picked for one side; a table's header and first rows offer the mapping (guessed first, cut to the side's fields). */
  async pick(side: Side, files: readonly File[]): Promise<void> {
    this.error = undefined;
    const table = files.find((f) => TABLES.includes(extensionOf(f.name)));
    const lang = this.draft?.lastLang?.[side] ?? 'en';
    if (!table) {
      this.picked[side] = { files, lang };
      return;
    }
    try {
      const sample = tableSample(new Uint8Array(await table.arrayBuffer()), pathOf(table));
      const remembered = this.draft?.mappings?.[side];
      const mapping = remembered && Object.values(remembered).every((c) => c === undefined || sample.headers.includes(c)) ? { ...remembered } : fitMapping(suggestMapping(sample.headers, side), side);
      this.picked[side] = { files, sample, mapping, lang };
    } catch (e) {
      this.picked[side] = undefined;
      this.error = (e as Error).message;
    }
  }

  /** Imports one side's picked files into the draft (added to what is there); ids it already has wait for the user's choice. */
  async importSide(side: Side): Promise<void> {
    const picked = this.picked[side];
    if (!picked || this.importing) return;
    const problems = this.mappingProblems[side];
    if (picked.sample && problems.length > 0) {
      this.error = `Check the columns: ${problems.join('; ')}.`;
      return;
    }
    this.error = undefined;
    const controller = new AbortController();
    const active: DocumentImport = $state({ side, done: 0, total: picked.files.length, file: '', startedAt: Date.now(), controller });
    this.importing = active;
    try {
      const mapping = picked.mapping ? fitMapping($state.snapshot(picked.mapping) as ColumnMapping, side) : undefined;
      const result = await importDocuments(picked.files.map(documentFile), {
        mapping,
        extract: this.#extract(controller.signal),
        signal: controller.signal,
        onProgress: (p) => {
          active.done = p.done;
          active.file = p.file;
          active.part = p.part;
        },
      });
      const documents = withDefaultLanguage(result.documents, picked.lang);
      await this.#remember(side, mapping, picked.lang);
      this.picked[side] = undefined;
      const existing = side === 'cvs' ? this.cvs : this.jobs;
      const ids = clashingIds(existing, documents);
      if (ids.length > 0) this.clash = { side, documents, ids, errors: result.errors };
      else await this.#add(side, documents, 'keep', result.errors);
    } catch (e) {
      if (e instanceof CancelledError || controller.signal.aborted) this.notice = 'Import cancelled; nothing was added.';
      else this.error = `Import failed: ${(e as Error).message}`;
    } finally {
      this.importing = undefined;
    }
  }

  /** The user's answer to a clash of ids: keep the documents there, replace them, or rename the new ones. */
  async resolveClash(choice: IdClash | 'cancel'): Promise<void> {
    const clash = this.clash;
    this.clash = undefined;
    if (!clash) return;
    if (choice === 'cancel') {
      this.notice = 'Nothing was added.';
      return;
    }
    await this.#add(clash.side, clash.documents, choice, clash.errors);
  }

  async #add(side: Side, documents: readonly ImportedDocument[], clash: IdClash, errors: readonly DocumentError[]): Promise<void> {
    const existing = side === 'cvs' ? this.cvs : this.jobs;
    const merged = mergeDocuments(existing, documents, clash);
    const now = Date.now();
    const base = this.draft ?? { id: `draft-${now}`, title: 'My candidates', createdAt: now, cvs: [], jobs: [], options: $state.snapshot(this.options) as DraftOptions };
    await this.#store({ ...base, [side]: merged.documents, updatedAt: now, datasetId: undefined });
    this.errors = errors;
    if (side === 'cvs') this.#generate();
    const parts = [`Added ${sideName(side, merged.added)}`];
    if (merged.replaced.length) parts.push(`replaced ${merged.replaced.length} (${merged.replaced.join(', ')})`);
    if (merged.renamed.length) parts.push(`renamed ${merged.renamed.map(([a, b]) => `${a} → ${b}`).join(', ')}`);
    if (merged.kept.length) parts.push(`kept the ${merged.kept.length} already there (${merged.kept.join(', ')})`);
    const total = side === 'cvs' ? this.cvs.length : this.jobs.length;
    this.notice = `${parts.join('; ')}. ${sideName(side, total)} in the draft${errors.length ? `; ${errors.length} could not be imported (listed below)` : ''}.`;
  }

  /** The mapping and language last used for a side, kept with the draft (they survive a reload). */
  async #remember(side: Side, mapping: ColumnMapping | undefined, lang: string): Promise<void> {
    if (!this.draft) return;
    await this.#store({ ...this.draft, mappings: { ...this.draft.mappings, ...(mapping ? { [side]: mapping } : {}) }, lastLang: { ...this.draft.lastLang, [side]: lang } });
  }

  cancelImport(): void {
    this.importing?.controller.abort(new DOMException('Import cancelled', 'AbortError'));
  }

  /** Removes a document, its variants and the decisions on them (Undo puts them back). */
  async removeDocument(side: Side, id: string): Promise<void> {
    if (!this.draft) return;
    const list = side === 'cvs' ? this.cvs : this.jobs;
    const index = list.findIndex((d) => d.id === id);
    if (index < 0) return;
    const decisions = new Map([...this.decisions].filter(([vid]) => vid.startsWith(`${id}.`)));
    this.lastRemoval = { side, index, document: list[index], decisions };
    await this.#store({ ...this.draft, [side]: list.filter((d) => d.id !== id), updatedAt: Date.now(), datasetId: undefined });
    this.decisions = new Map([...this.decisions].filter(([vid]) => !decisions.has(vid)));
    await this.#storeDecisions(new Map([...decisions.keys()].map((k) => [k, undefined])));
    if (side === 'cvs') this.#generate();
    this.notice = `Removed ${id}${side === 'cvs' ? `, its variants and ${plural(decisions.size, 'decision')}` : ''}.`;
  }

  /** Puts the last removed document back, with its decisions. */
  async undoRemove(): Promise<void> {
    const r = this.lastRemoval;
    if (!r || !this.draft) return;
    this.lastRemoval = undefined;
    const list = [...(r.side === 'cvs' ? this.cvs : this.jobs)];
    list.splice(Math.min(r.index, list.length), 0, r.document);
    await this.#store({ ...this.draft, [r.side]: list, updatedAt: Date.now(), datasetId: undefined });
    this.decisions = new Map([...this.decisions, ...r.decisions]);
    await this.#storeDecisions(r.decisions);
    if (r.side === 'cvs') this.#generate();
    this.notice = `Put ${r.document.id} back.`;
  }

  /** The name a CV carried before it was anonymised ("name used in the original"): its neutral base then removes it too. */
  async setGivenName(cvId: string, name: string): Promise<void> {
    if (!this.draft) return;
    const value = name.trim();
    const cvs = this.cvs.map((d) => {
      if (d.id !== cvId) return d;
      const { name: _n, nameGiven: _g, ...rest } = d;
      return value === '' ? rest : { ...rest, name: value, nameGiven: true };
    });
    await this.#store({ ...this.draft, cvs, updatedAt: Date.now() });
    this.#generate();
  }

  /** The reviewer says a CV in which no name was found names no one (an anonymised CV): its variants need no name first. */
  async setNameless(cvId: string, nameless: boolean): Promise<void> {
    if (!this.draft) return;
    const cvs = this.cvs.map((d) => {
      if (d.id !== cvId) return d;
      const { nameless: _n, ...rest } = d;
      return nameless ? { ...rest, nameless: true } : rest;
    });
    await this.#store({ ...this.draft, cvs, updatedAt: Date.now() });
  }

  /** Makes the variants again with the current options (decisions on variants that still exist are kept). */
  async regenerate(): Promise<void> {
    if (!this.draft) return;
    await this.#store({ ...this.draft, options: $state.snapshot(this.options) as DraftOptions, updatedAt: Date.now() });
    this.#generate();
  }

  #generate(): void {
    if (!this.draft) return;
    try {
      const { variants, notMade } = draftVariants({ cvs: this.draft.cvs, options: this.draft.options }, this.decisions);
      this.variants = variants;
      this.notMade = notMade;
      this.keepSelectionVisible();
    } catch (e) {
      this.error = `Could not generate variants: ${(e as Error).message}`;
    }
  }

  /** After a filter or the variants change: the selection moves to a shown variant (the first), or none. */
  keepSelectionVisible(): void {
    if (!this.shown.some((v) => v.id === this.selectedId)) this.selectedId = this.shown[0]?.id;
  }

  /** Sets one variant's decision (undefined: back to pending), stored at once; a neutral base's edit rebuilds that CV's variants. */
  async decide(variantId: string, decision: ReviewDecision | undefined): Promise<void> {
    if (!this.draft) return;
    const next = new Map(this.decisions);
    if (decision) next.set(variantId, decision);
    else next.delete(variantId);
    this.decisions = next;
    await this.#storeDecisions(new Map([[variantId, decision]]));
    if (this.variants.find((v) => v.id === variantId)?.kind === 'neutral') this.#generate();
  }

  /** The CVs whose variants wait for a name (no name found or given, not marked as naming no one). */
  get held(): Set<string> {
    return heldCvs(this.rows);
  }

  /** How many pending variants "accept all" of a kind would accept (those of CVs waiting for a name are left). */
  pendingOf(kind?: ReviewKind): number {
    return acceptAll(this.variants, this.decisions, kind, this.held).size - this.decisions.size;
  }

  /** Accepts every pending variant of a kind (or all), but those of the CVs that wait for a name. */
  async acceptAll(kind?: ReviewKind): Promise<void> {
    if (!this.draft) return;
    const held = this.held;
    const next = acceptAll(this.variants, this.decisions, kind, held);
    const changed = new Map<string, ReviewDecision>();
    for (const [id, d] of next) if (!this.decisions.has(id)) changed.set(id, d);
    this.decisions = next;
    await this.#storeDecisions(changed);
    const waiting = this.variants.filter((v) => v.kind !== 'neutral' && held.has(v.of) && (kind === undefined || v.kind === kind) && !next.has(v.id)).length;
    this.notice = `Accepted ${plural(changed.size, 'pending variant')}${kind ? ` (${kind})` : ''}.${waiting > 0 ? ` ${plural(waiting, 'variant')} of ${plural(held.size, 'CV')} with no name found wait: give the name used in the original, or say the CV names no one, in the documents table.` : ''}`;
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
      this.notice = `Added ${plural(lists.length, 'name list')}; Generate again to use ${lists.length === 1 ? 'it' : 'them'}.`;
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

  /** Stores the draft as a dataset (through the ordinary import: hashed, checked, staged) and points Run at it. */
  async createDataset(id: string, title: string): Promise<boolean> {
    this.error = undefined;
    this.creating = true;
    try {
      const made = this.#package(id, title);
      const { files } = made.files;
      const ok = await datasetsState.importFiles(files.map((f) => ({ path: `${id}/${f.path}`, file: new Blob([f.bytes as BlobPart]) })));
      if (!ok) {
        this.error = datasetsState.error ?? 'The dataset could not be stored.';
        return false;
      }
      await this.#store({ ...this.draft!, datasetId: id, updatedAt: Date.now() });
      const screening = files.some((f) => f.path.startsWith('pools'));
      setRunIntent({ datasetId: id, audit: screening ? 'screening' : 'retrieval' });
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

  /**
   * The review file (core/ownData/reviewFile.ts) for `fairground make-dataset --decisions`: the
   * decisions, every document's id, language and typed name in the draft's order, the mappings and
   * the generator's options — what rebuilds this package byte for byte from the same files.
   */
  exportDecisions(id: string, title: string): Blob {
    if (!this.draft) throw new Error('import CVs and job posts first');
    const file = reviewFileOf({ id, title, cvs: this.draft.cvs, jobs: this.draft.jobs, options: this.draft.options }, this.decisions, this.draft.mappings ?? {});
    return new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
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
    this.lastRemoval = undefined;
    this.#channel?.postMessage('discarded');
    this.notice = 'Draft discarded.';
  }
}
