/**
 * The predictions folder of the multi-task scoring (METRICS.md §9), as
 * described in docs/predictions-format.md: `tasks.json` declares the tasks,
 * `<task>.jsonl` holds one `{id, prediction, reference, candidates?}` per line.
 */
import { CAPABILITIES, COMPOSITES, TASK_KINDS, type Capability, type Composite, type TaskDeclaration, type TaskKind, type TaskRecord } from '../metrics/tasks.ts';
import { FormatError } from './formatError.ts';
import { parseJsonLines } from './jsonl.ts';

const TASK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Parses tasks.json: `{"tasks": [{"name", "kind", "capability"}, ...]}`.
 * Names are file-name safe (letters, digits, `.`, `_`, `-`) and distinct.
 * @throws {FormatError} for malformed JSON or a bad declaration (line = the
 * declaration's 1-based position is not known in JSON, so no line is given).
 */
export function parseTaskDeclarations(text: string): TaskDeclaration[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FormatError(`malformed JSON: ${(e as Error).message}`);
  }
  const tasks = (value as { tasks?: unknown } | null)?.tasks;
  if (!Array.isArray(tasks) || tasks.length === 0) throw new FormatError('expected {"tasks": [...]} with at least one task');
  const names = new Set<string>();
  return tasks.map((t: unknown, i) => {
    const d = (t ?? {}) as Record<string, unknown>;
    const where = `tasks[${i}]`;
    if (typeof d.name !== 'string' || !TASK_NAME.test(d.name)) throw new FormatError(`${where}: "name" must be a file-name-safe string`);
    if (names.has(d.name)) throw new FormatError(`${where}: task "${d.name}" declared twice`);
    names.add(d.name);
    if (!TASK_KINDS.includes(d.kind as TaskKind)) throw new FormatError(`${where}: "kind" must be one of ${TASK_KINDS.join(', ')}`);
    if (!CAPABILITIES.includes(d.capability as Capability)) {
      throw new FormatError(`${where}: "capability" must be one of ${CAPABILITIES.join(', ')}`);
    }
    if (d.composite === undefined) return { name: d.name, kind: d.kind as TaskKind, capability: d.capability as Capability };
    if (d.kind !== 'generation' || !COMPOSITES.includes(d.composite as Composite)) {
      throw new FormatError(`${where}: "composite" is for generation tasks and must be one of ${COMPOSITES.join(', ')}`);
    }
    return { name: d.name, kind: d.kind, capability: d.capability as Capability, composite: d.composite as Composite };
  });
}

const isStringList = (x: unknown, nonEmpty: boolean): x is string[] =>
  Array.isArray(x) && (!nonEmpty || x.length > 0) && x.every((v) => typeof v === 'string');
const isSpan = (x: unknown): boolean => {
  const s = x as Record<string, unknown> | null;
  return s !== null && typeof s === 'object' && typeof s.type === 'string' && Number.isInteger(s.start) && Number.isInteger(s.end);
};

/** The reference check of each kind: undefined when valid, else what is wrong. */
function referenceProblem(kind: TaskKind, r: Record<string, unknown>): string | undefined {
  const ref = r.reference;
  switch (kind) {
    case 'generation':
      return typeof ref === 'string' ? undefined : '"reference" must be a string';
    case 'span':
      return Array.isArray(ref) && ref.every(isSpan) ? undefined : '"reference" must be a list of {"type", "start", "end"} spans';
    case 'path':
      return isStringList(ref, true) ? undefined : '"reference" must be a non-empty list of strings (the taxonomy path)';
    case 'binary':
      return ref === 0 || ref === 1 ? undefined : '"reference" must be 0 or 1';
    case 'similarity':
      return ['string', 'number', 'boolean'].includes(typeof ref) ? undefined : '"reference" must be a label (string, number or boolean)';
    case 'retrieval':
      return isStringList(ref, true) ? undefined : '"reference" must be a non-empty list of relevant identifiers';
    case 'ranking':
      if (typeof ref !== 'string') return '"reference" must be the identifier of the positive';
      if (!isStringList(r.candidates, true)) return '"candidates" must be a non-empty list of identifiers';
      return r.candidates.includes(ref) ? undefined : '"candidates" must include the positive';
  }
}

/**
 * Parses one task's JSONL: each line an object with `id` (string or number,
 * unique), `prediction` (any JSON: a malformed output is scored, not rejected),
 * `reference` (checked for the task's kind) and, for retrieval (optional) and
 * ranking (required), `candidates`; optionally `entities`, `source`,
 * `anchor`, `candidate_texts` and, for a composite task, `rubric`, `verdict`
 * and `reference_verdict`.
 * @throws {FormatError} naming the line: malformed JSON, a missing or repeated
 * id, an invalid reference, or an empty file.
 */
/** The optional fields of a line (entities, source, texts, composite components): undefined when valid, else what is wrong. */
function extrasProblem(r: Record<string, unknown>, composite: Composite | undefined): string | undefined {
  if (r.entities !== undefined && !isStringList(r.entities, false)) return '"entities" must be a list of identifiers';
  if (r.source !== undefined && typeof r.source !== 'string') return '"source" must be a string';
  if (r.anchor !== undefined && typeof r.anchor !== 'string') return '"anchor" must be a string';
  if (r.candidate_texts !== undefined) {
    if (!isStringList(r.candidate_texts, false)) return '"candidate_texts" must be a list of strings';
    if (!Array.isArray(r.candidates) || r.candidates.length !== r.candidate_texts.length) return '"candidate_texts" must have one text per candidate';
  }
  if (composite === undefined) return undefined;
  if (typeof r.rubric !== 'number' || !(r.rubric >= 0 && r.rubric <= 1)) return `"rubric" must be a number in [0, 1] (composite ${composite})`;
  if (composite === 'fit-analysis' && !['string', 'number', 'boolean'].includes(typeof r.reference_verdict)) {
    return '"reference_verdict" must be a label (composite fit-analysis)';
  }
  return undefined;
}

const optional = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value });

export function parseTaskRecords(kind: TaskKind, text: string, composite?: Composite): TaskRecord[] {
  const rows = parseJsonLines(text);
  if (rows.length === 0) throw new FormatError('empty predictions file: no records found');
  const ids = new Set<string>();
  return rows.map(({ line, value }) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new FormatError('a prediction record must be a JSON object', line);
    const r = value as Record<string, unknown>;
    if (typeof r.id !== 'string' && typeof r.id !== 'number') throw new FormatError('missing "id"', line);
    const id = String(r.id);
    if (ids.has(id)) throw new FormatError(`id "${id}" appears twice`, line);
    ids.add(id);
    const problem = referenceProblem(kind, r);
    if (problem) throw new FormatError(problem, line);
    if (r.candidates !== undefined && !isStringList(r.candidates, false)) throw new FormatError('"candidates" must be a list of identifiers', line);
    const extra = extrasProblem(r, composite);
    if (extra) throw new FormatError(extra, line);
    return {
      id,
      prediction: r.prediction,
      reference: r.reference,
      candidates: r.candidates as string[] | undefined,
      ...optional('entities', r.entities as string[] | undefined),
      ...optional('source', r.source as string | undefined),
      ...optional('anchor', r.anchor as string | undefined),
      ...optional('candidateTexts', r.candidate_texts as string[] | undefined),
      ...(composite ? { rubric: r.rubric as number, verdict: r.verdict, referenceVerdict: r.reference_verdict } : {}),
    };
  });
}
