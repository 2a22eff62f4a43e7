/**
 * Joins the score shards an outside job returns (one file per shard of a sharded export, read in
 * name order) into the lines of one score file, line by line so a run of millions of lines can
 * stream through it, checking as it goes that every work item is in exactly one shard:
 *
 * - a work item is a query for a run (TREC `qid Q0 docid rank score tag` or TSV `query-id corpus-id
 *   score`: the first field) and a job × CV × variant pair for screening scores (`job cv variant run
 *   score`, tab or comma): an item whose lines are in two shards is refused, naming it and both files;
 * - the shards' provenance lines (`# fairground-dataset: … shard:<i>/<N>`, scoreFileHeader.ts) must
 *   name one dataset, and, where they carry shard positions, all N shards once each: a missing or
 *   repeated shard is refused, naming it;
 * - each shard's own header line (an MTEB run header, a `job cv variant run score` header) and `#`
 *   comment lines are dropped; a screening row is rewritten tab-separated, so CSV and TSV shards join.
 *
 * Items missing from every shard are found by the matcher that knows the work list
 * (matchRetrievalScores, matchScreeningScores), which names them.
 */
import { FormatError } from '../../formats/formatError.ts';
import { TSV_HEADER } from '../../formats/trecRun.ts';
import { readProvenance, type Provenance } from './scoreFileHeader.ts';
import { SCREENING_SCORES_HEADER } from './screeningScores.ts';

/** What the shards hold: run lines (retrieval) or `job cv variant run score` rows (screening). */
export type ScoreShardKind = 'run' | 'screening';

/** How a work item is named in messages. */
const ITEM_NAME: Readonly<Record<ScoreShardKind, string>> = Object.freeze({ run: 'query', screening: 'job/cv/variant' });

export class ScoreShardJoin {
  readonly #kind: ScoreShardKind;
  /** Item → the shard file it was first seen in. */
  readonly #itemFile = new Map<string, string>();
  readonly #shards: { file: string; provenance?: Provenance }[] = [];
  #file = '';
  #firstData = true;
  #separator: '\t' | ',' = '\t';
  #lastItem: string | undefined;

  constructor(kind: ScoreShardKind) {
    this.#kind = kind;
  }

  /** Starts the next shard (files in name order). */
  startShard(file: string): void {
    this.#shards.push({ file });
    this.#file = file;
    this.#firstData = true;
    this.#lastItem = undefined;
  }

  /**
   * One non-blank line of the current shard: the text to keep in the joined file, or undefined
   * for a line that is dropped (a comment, a provenance or header line).
   * @throws {FormatError} naming the shard and line: a malformed provenance line, or an item already in an earlier shard.
   */
  line(text: string, line: number): string | undefined {
    if (text.startsWith('#')) {
      const shard = this.#shards[this.#shards.length - 1];
      try {
        const provenance = readProvenance(text);
        if (provenance && !shard.provenance) shard.provenance = provenance;
      } catch (e) {
        throw e instanceof FormatError ? new FormatError(e.message, line, this.#file) : e;
      }
      return undefined;
    }
    const first = this.#firstData;
    this.#firstData = false;
    if (this.#kind === 'run') {
      if (first && TSV_HEADER.test(text.trim())) return undefined;
      const item = (text.includes('\t') ? text.split('\t', 1)[0] : text.trim().split(/\s+/, 1)[0]).trim();
      this.#see(item, line);
      return text;
    }
    if (first) this.#separator = text.includes('\t') ? '\t' : ',';
    if (first && SCREENING_SCORES_HEADER.test(text.trim())) return undefined;
    const cells = text.split(this.#separator);
    this.#see(cells.slice(0, 3).map((c) => c.trim()).join('/'), line);
    return cells.join('\t');
  }

  #see(item: string, line: number): void {
    if (item === this.#lastItem) return;
    this.#lastItem = item;
    const before = this.#itemFile.get(item);
    if (before === undefined) this.#itemFile.set(item, this.#file);
    else if (before !== this.#file) {
      throw new FormatError(`${ITEM_NAME[this.#kind]} "${item}" is in two score shards, ${before} and this one: each must be in exactly one`, line, this.#file);
    }
  }

  /**
   * After the last shard: checks the shards' provenance; returns the one dataset they name
   * (undefined when none carries a provenance line).
   * @throws {FormatError} naming the shard at fault: another dataset, a shard position missing or repeated, no shard at all.
   */
  finish(): Provenance['dataset'] | undefined {
    if (this.#shards.length === 0) throw new FormatError('no score shards: the folder holds no files');
    const named = this.#shards.filter((s) => s.provenance);
    const dataset = named[0]?.provenance?.dataset;
    for (const s of named) {
      const d = s.provenance!.dataset;
      if (d.id !== dataset!.id || d.version !== dataset!.version || d.manifestSha256 !== dataset!.manifestSha256) {
        throw new FormatError(`this shard is for ${d.id}@${d.version} but ${named[0].file} is for ${dataset!.id}@${dataset!.version} (or another manifest): all shards must come from one export`, undefined, s.file);
      }
    }
    const positioned = this.#shards.filter((s) => s.provenance?.shard);
    if (positioned.length > 0) {
      const of = positioned[0].provenance!.shard!.of;
      const unplaced = this.#shards.find((s) => !s.provenance?.shard);
      if (unplaced) throw new FormatError(`this file has no shard position in its provenance line, but ${positioned[0].file} is shard ${positioned[0].provenance!.shard!.index}/${of}: keep each shard's provenance line`, undefined, unplaced.file);
      const byIndex = new Map<number, string>();
      for (const s of positioned) {
        const { index, of: n } = s.provenance!.shard!;
        if (n !== of) throw new FormatError(`this shard is ${index} of ${n}, but ${positioned[0].file} is of ${of}: all shards must come from one export`, undefined, s.file);
        const other = byIndex.get(index);
        if (other !== undefined) throw new FormatError(`shard ${index}/${of} is given twice, in ${other} and in this file`, undefined, s.file);
        byIndex.set(index, s.file);
      }
      const missing = Array.from({ length: of }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
      if (missing.length > 0) throw new FormatError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${of}`).join(', ')} missing: ${byIndex.size} of ${of} shards given`);
    }
    return dataset;
  }
}
