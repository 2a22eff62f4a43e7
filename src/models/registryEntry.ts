/**
 * How the registry (registry.ts) writes an entry: the fields a model family shares once, in a
 * family object, and each model's own facts beside it. Both builders give the entry's keys in
 * the registry's order (identity, size, languages and licence, source, note, then the kind's own
 * fields), as the entries were written out before.
 */
import type { DecisionModelEntry, EmbeddingModelEntry } from '../core/models/modelSpec.ts';

/** What an embedding entry states (`normalize` is true for every registry model: they are compared by cosine). */
export type EmbeddingFacts = Omit<EmbeddingModelEntry, 'kind' | 'normalize'>;

/** What a decision entry states. */
export type DecisionFacts = Omit<DecisionModelEntry, 'kind'>;

/** A model's own facts: what its family leaves out, and anything of the family's it says otherwise. `label` defaults to the repository's name, `source` to the Hub. */
type OwnFacts<Facts, Family> = Omit<Facts, keyof Family | 'label' | 'source'> & Partial<Facts>;

/** The fields every entry has, whatever its kind. */
type CommonFacts = Pick<EmbeddingFacts, 'id' | 'label' | 'revision' | 'paramsM' | 'sizeMb' | 'languages' | 'license' | 'source' | 'note'>;

/** The repository's name: the id after its organisation (`Xenova/bge-m3` → `bge-m3`). */
function repositoryName(id: string): string {
  return id.slice(id.indexOf('/') + 1);
}

/** The common fields in the registry's order: the label the repository's name and the source the Hub unless given; no `note` key without a note. */
function commonFields(m: Omit<CommonFacts, 'label' | 'source'> & Partial<CommonFacts>): CommonFacts {
  return {
    id: m.id,
    label: m.label ?? repositoryName(m.id),
    revision: m.revision,
    paramsM: m.paramsM,
    sizeMb: m.sizeMb,
    languages: m.languages,
    license: m.license,
    source: m.source ?? 'hub',
    ...(m.note === undefined ? {} : { note: m.note }),
  };
}

/** An embedding model's registry entry: its family's fields, then its own (which win), with `normalize: true`. */
export function embeddingEntry<Family extends Partial<EmbeddingFacts>>(family: Family, own: OwnFacts<EmbeddingFacts, Family>): EmbeddingModelEntry {
  const m = { ...family, ...own } as Partial<EmbeddingFacts> & Omit<EmbeddingFacts, 'label' | 'source'>;
  return {
    kind: 'embedding',
    ...commonFields(m),
    pooling: m.pooling,
    normalize: true,
    queryPrefix: m.queryPrefix,
    documentPrefix: m.documentPrefix,
    maxLength: m.maxLength,
    dimensions: m.dimensions,
    ...(m.batchSize === undefined ? {} : { batchSize: m.batchSize }),
  };
}

/** A decision model's registry entry: its family's fields, then its own (which win). */
export function decisionEntry<Family extends Partial<DecisionFacts>>(family: Family, own: OwnFacts<DecisionFacts, Family>): DecisionModelEntry {
  const m = { ...family, ...own } as Partial<DecisionFacts> & Omit<DecisionFacts, 'label' | 'source'>;
  return {
    kind: 'decision',
    ...commonFields(m),
    decision: m.decision,
    maxLength: m.maxLength,
    ...(m.labels === undefined ? {} : { labels: m.labels }),
    ...(m.entailmentLabel === undefined ? {} : { entailmentLabel: m.entailmentLabel }),
    ...(m.architecture === undefined ? {} : { architecture: m.architecture }),
    ...(m.gated === undefined ? {} : { gated: m.gated }),
  };
}
