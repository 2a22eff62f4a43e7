/**
 * What the compute worker does (workers/compute.worker.ts exposes it):
 * metrics and bootstraps off the main thread. Each call maps to one
 * src/core function, and the eval commands run the same code as the CLI.
 * Kept apart from the worker so tests can call it directly.
 */
import { auditSubset } from '../../core/audit/retrievalFairness.ts';
import { bm25Scorer, denseScorer, materialize, tfidfScorer } from '../../core/audit/scoring.ts';
import type { AuditOptions, AuditSubset, QueryScorer } from '../../core/audit/input.ts';
import type { ModelDescriptor, ModelResult, ModelTiming } from '../../core/audit/results.ts';
import type { SubsetTexts, SubsetVectors } from '../../core/audit/scoring.ts';
import { evalCommands } from '../../cli/eval/index.ts';
import { parseArgs } from '../../cli/args.ts';
import { InputError } from '../../cli/errors.ts';
import { screeningAudit } from '../../core/audit/screeningAudit.ts';

/** How a model's scores are made: from vectors (dense) or from texts (lexical baselines). */
export type ScoringInput =
  | { readonly kind: 'dense'; readonly vectors: SubsetVectors; readonly dim: number }
  | { readonly kind: 'bm25' | 'tfidf'; readonly texts: SubsetTexts };

function scorerOf(input: ScoringInput, nQueries: number): { score: QueryScorer; ms: number } {
  const t0 = performance.now();
  const raw = input.kind === 'dense' ? denseScorer(input.vectors, input.dim) : input.kind === 'bm25' ? bm25Scorer(input.texts) : tfidfScorer(input.texts);
  const score = materialize(raw, nQueries);
  return { score, ms: performance.now() - t0 };
}

/**
 * Audits one model on one subset. `timing.wallMs` gets the scoring time
 * added (for lexical baselines that is their whole test time).
 */
function auditModel(subset: AuditSubset, model: ModelDescriptor, timing: ModelTiming, scoring: ScoringInput, options: AuditOptions): ModelResult {
  const { score, ms } = scorerOf(scoring, subset.queries.length);
  const wallMs = timing.wallMs + ms;
  const t = { ...timing, wallMs, textsPerSecond: wallMs > 0 ? (timing.textsEmbedded + timing.textsCached) / (wallMs / 1000) : 0 };
  return auditSubset(subset, [{ model, timing: t, score }], options).models[0];
}

/** Runs `fairground eval <name>` on in-memory files; returns the JSON object the CLI prints. */
async function runEval(name: string, argv: string[], files: Record<string, string>): Promise<unknown> {
  const command = evalCommands.find((c) => c.name === name);
  if (!command) throw new Error(`no eval command "${name}"`);
  const io = {
    readText: async (path: string) => {
      if (!(path in files)) throw new InputError('no such file', path);
      return files[path];
    },
    listDir: async (path: string) => Object.keys(files).filter((f) => f.startsWith(`${path}/`)).map((f) => f.slice(path.length + 1)),
    stdout: () => undefined,
    stderr: () => undefined,
    writeFile: async () => undefined,
  };
  try {
    return await command.run(parseArgs(argv), io);
  } catch (e) {
    // Comlink passes only an error's message across: put the file and line into it.
    if (e instanceof InputError) throw new Error(e.toLine().replace(/^fairground: /, ''));
    throw e;
  }
}

export const computeApi = { auditModel, runEval, screeningAudit };
export type ComputeApi = typeof computeApi;
