/**
 * From what a user picks (a registry id, a Hub id, `bm25`, `calibrated:<id>`,
 * `typed:<kind>:<id>`) to a run's model: its registry entry (or a custom
 * one) and where its files come from. One place for the Run view, shared
 * results and the Models view.
 */
import { customDecisionEntry, TYPED_DECISION_KINDS, type LlmRunOptions, type RunModel, type ScreeningRunModel } from '../core/audit/run/index.ts';
import type { DecisionModelEntry, EmbeddingModelEntry, ModelEntry } from '../core/models/modelSpec.ts';
import type { ModelSource } from '../core/models/modelSource.ts';
import { customEmbeddingEntry } from './customModel.ts';
import { findModel } from './registry.ts';

/**
 * Where a registry (or custom) entry's files come from: this site for a
 * bundled model, else the Hub at `hubHost`, at `revision` (the entry's own by default).
 * @example modelSource(findModel('fairground-glove-100d')!, 'https://huggingface.co/') // { kind: 'bundled', id: 'fairground-glove-100d' }
 */
export function modelSource(entry: ModelEntry, hubHost: string, revision: string = entry.revision): ModelSource {
  return entry.source === 'bundled' ? { kind: 'bundled', id: entry.id } : { kind: 'hub', id: entry.id, revision, host: hubHost };
}

/** The registry's embedding entry of `id`, or a custom Hub entry for any other id. */
export function embeddingEntry(id: string): EmbeddingModelEntry {
  const entry = findModel(id);
  return entry?.kind === 'embedding' ? entry : customEmbeddingEntry(id, 'hub');
}

/** A retrieval run's model from a picker id: `bm25`, `tfidf`, or an embedding model (registry or Hub id). */
export function retrievalRunModel(id: string, hubHost: string, revision?: string): RunModel {
  if (id === 'bm25' || id === 'tfidf') return { kind: id };
  const entry = embeddingEntry(id);
  return { kind: 'embedding', entry, source: modelSource(entry, hubHost, revision) };
}

/** The picker id of a decision model the user typed: `typed:<kind>:<Hub id>`. */
export function typedDecisionId(kind: (typeof TYPED_DECISION_KINDS)[number], id: string): string {
  return `typed:${kind}:${id}`;
}

/** The picker id of a picked model folder run as `kind`: `folder:<kind>:<folder name>`. */
export function folderDecisionId(kind: (typeof TYPED_DECISION_KINDS)[number], id: string): string {
  return `folder:${kind}:${id}`;
}

/**
 * A screening run's model from a picker id: `calibrated:<embedding id>`,
 * `typed:<kind>:<Hub id>`, or a registry decision model. An LLM (registry
 * kind `llm` or `typed:llm:…`) is asked as `llm` says.
 * @throws {Error} for an id that is none of these, or an LLM without `llm`.
 */
export function screeningRunModel(id: string, hubHost: string, llm?: LlmRunOptions): ScreeningRunModel {
  if (id.startsWith('calibrated:')) {
    const entry = embeddingEntry(id.slice('calibrated:'.length));
    return { kind: 'calibrated', entry, source: modelSource(entry, hubHost) };
  }
  const typed = /^typed:([^:]+):(.+)$/.exec(id);
  let entry: DecisionModelEntry;
  if (typed) {
    const kind = TYPED_DECISION_KINDS.find((k) => k === typed[1]);
    if (!kind) throw new Error(`unknown decision model kind "${typed[1]}" (${TYPED_DECISION_KINDS.join(', ')})`);
    entry = customDecisionEntry(typed[2], kind);
  } else {
    const found = findModel(id);
    if (found?.kind !== 'decision') throw new Error(`"${id}" is not a decision model of the registry`);
    entry = found;
  }
  const source: ModelSource = { kind: 'hub', id: entry.id, revision: entry.revision, host: hubHost };
  if (entry.decision !== 'llm') return { kind: 'decision', entry, source };
  if (!llm) throw new Error(`"${entry.id}" is an LLM: say how it is asked (template and mode)`);
  return { kind: 'decision', entry, source, llm };
}

/** Whether a picker id names an LLM (a registry entry of kind `llm`, `typed:llm:<Hub id>` or `folder:llm:<folder>`). */
export function isLlmPickerId(id: string): boolean {
  if (id.startsWith('typed:')) return id.startsWith('typed:llm:');
  if (id.startsWith('folder:')) return id.startsWith('folder:llm:');
  const entry = findModel(id);
  return entry?.kind === 'decision' && entry.decision === 'llm';
}
