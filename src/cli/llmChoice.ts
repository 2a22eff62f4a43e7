/**
 * `run --task screening --model llm:<registry id | folder | Hub id>` (issue 49): an instruct LLM
 * as the screener, with `--llm-mode probabilities|generate`, `--temperature T`,
 * `--max-new-tokens N`, `--structured` (generated answers held to the JSON schema), `--template FILE` and `--no-prefix-cache`. The template is, in order:
 * `--template`, the model folder's screening_template.json, the default (core/llm).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { decisionTruncations } from '../core/models/truncation.ts';
import { DEFAULT_SCREENING_TEMPLATE, parseScreeningTemplate, TEMPLATE_FILE, TemplateError, type LlmMode, type ScreeningTemplate } from '../core/llm/index.ts';
import type { ScreeningModelDescriptor } from '../core/audit/screening/index.ts';
import type { ParsedArgs } from './args.ts';
import { integerOption, numberOption, stringOption } from './args.ts';
import { InputError } from './errors.ts';
import { findModel, isHubModelId } from '../models/registry.ts';
import type { NodeLlmSpec } from '../models/llmNode.ts';

/** The prefix of an LLM's `--model` value. */
export const LLM_PREFIX = 'llm:';

/** Default new tokens of a generated answer: a JSON score, fit and one sentence. */
export const DEFAULT_MAX_NEW_TOKENS = 96;

export interface LlmChoice {
  readonly kind: 'llm';
  readonly descriptor: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>;
  readonly spec: NodeLlmSpec;
}

function readTemplate(path: string): ScreeningTemplate {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new InputError(`cannot read the screening template (${(e as Error).message.split('\n')[0]})`, path);
  }
  try {
    return parseScreeningTemplate(value, basename(path));
  } catch (e) {
    if (e instanceof TemplateError) throw new InputError(e.message, path);
    throw e;
  }
}

/** The LLM options shared by every `llm:` model of the run. */
function askOptions(args: ParsedArgs, seed: number) {
  const mode = (stringOption(args, 'llm-mode') ?? 'probabilities') as LlmMode;
  if (mode !== 'probabilities' && mode !== 'generate') throw new InputError(`--llm-mode must be probabilities or generate, got "${mode}"`);
  const temperature = numberOption(args, 'temperature', mode === 'generate' ? 0.7 : 0);
  if (!(temperature >= 0)) throw new InputError(`--temperature must be a number ≥ 0, got ${temperature}`);
  const device = stringOption(args, 'device') === 'wasm' ? ('wasm' as const) : ('cpu' as const);
  const structured = args.options.has('structured');
  if (structured && mode !== 'generate') throw new InputError('--structured constrains generated answers: add --llm-mode generate');
  return { mode, temperature, maxNewTokens: integerOption(args, 'max-new-tokens', DEFAULT_MAX_NEW_TOKENS, 1), seed, prefixCache: !args.options.has('no-prefix-cache'), structured, device };
}

/**
 * Resolves `llm:<…>`: a registry LLM, a local folder, or a Hub id.
 * @throws {InputError} for a bad template, a registry model that is not an LLM, or an unknown id.
 */
export function resolveLlmChoice(value: string, args: ParsedArgs, seed: number): LlmChoice {
  const id = value.slice(LLM_PREFIX.length);
  const ask = askOptions(args, seed);
  const templatePath = stringOption(args, 'template');
  const given = templatePath === undefined ? undefined : readTemplate(resolve(templatePath));
  const descriptorOf = (descriptorId: string, label: string, revision: string) => ({ id: descriptorId, label, kind: 'llm' as const, revision, truncations: decisionTruncations('llm', 0) });
  const entry = findModel(id);
  if (entry) {
    if (entry.kind !== 'decision' || entry.decision !== 'llm') throw new InputError(`"${id}" is not an LLM of the registry (see \`fairground models\`)`);
    if (ask.device === 'wasm') throw new InputError(`--device wasm runs a model folder (llm:DIR); "${id}" downloads from the Hub: use --device cpu`);
    return { kind: 'llm', descriptor: descriptorOf(`llm:${entry.id}`, entry.label, entry.revision), spec: { id: entry.id, revision: entry.revision, template: given ?? DEFAULT_SCREENING_TEMPLATE, ...ask } };
  }
  const path = resolve(id);
  if (existsSync(path) && statSync(path).isDirectory()) {
    if (!existsSync(join(path, 'config.json'))) throw new InputError('the model folder has no config.json', path);
    const shipped = join(path, TEMPLATE_FILE);
    const template = given ?? (existsSync(shipped) ? readTemplate(shipped) : DEFAULT_SCREENING_TEMPLATE);
    const name = basename(path);
    return { kind: 'llm', descriptor: descriptorOf(`llm:folder:${name}`, name, 'local'), spec: { id: name, localModelPath: dirname(path), template, ...ask } };
  }
  if (isHubModelId(id) && ask.device === 'wasm') throw new InputError(`--device wasm runs a model folder (llm:DIR); "${id}" downloads from the Hub: use --device cpu`);
  if (isHubModelId(id)) return { kind: 'llm', descriptor: descriptorOf(`llm:${id}`, id, 'main'), spec: { id, revision: 'main', template: given ?? DEFAULT_SCREENING_TEMPLATE, ...ask } };
  throw new InputError(`unknown LLM "${id}": use llm:<registry id>, llm:<model folder> or llm:<Hub id org/name>`);
}
