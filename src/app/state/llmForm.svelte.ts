/**
 * The Run form's LLM settings (issue 49), shared by every LLM picked in a
 * screening run (as the CLI's --llm-mode, --temperature, --max-new-tokens and
 * --template are): the scoring mode, the sampling settings of generated
 * answers, the weights, and the screening template as editable JSON, read
 * with core's parser so the page and the CLI accept the same files.
 */
import { DEFAULT_SCREENING_TEMPLATE, parseScreeningTemplate, TEMPLATE_FILE, templateJson, TemplateError, type LlmMode, type ScreeningTemplate } from '../../core/llm/index.ts';
import type { LlmRunOptions } from '../../core/audit/run/index.ts';
import type { Dtype } from '../../core/models/device.ts';

/** The form's defaults: the CLI's (answer probabilities; T = 0.7 and 96 new tokens when generating). */
export const LLM_FORM_DEFAULTS = Object.freeze({ mode: 'probabilities' as LlmMode, temperature: 0.7, maxNewTokens: 96 });

/** The weights a user may ask for; '' lets the device choose among those the model lists. */
export const LLM_DTYPES = Object.freeze(['', 'fp32', 'fp16', 'q8', 'q4', 'q4f16'] as const satisfies readonly (Dtype | '')[]);

/**
 * The template a textarea holds, or what to fix.
 * @example readTemplateText('{').ok // false
 */
export function readTemplateText(text: string): { ok: true; template: ScreeningTemplate } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `The template is not valid JSON (${(e as Error).message}). Check the quotes and commas, or reset it to the default.` };
  }
  try {
    return { ok: true, template: parseScreeningTemplate(value) };
  } catch (e) {
    if (e instanceof TemplateError) return { ok: false, error: `${e.message[0]!.toUpperCase()}${e.message.slice(1)}.` };
    throw e;
  }
}

export class LlmFormState {
  mode = $state<LlmMode>(LLM_FORM_DEFAULTS.mode);
  temperature = $state(LLM_FORM_DEFAULTS.temperature);
  maxNewTokens = $state(LLM_FORM_DEFAULTS.maxNewTokens);
  /** Generated mode: constrain answers to the JSON schema (the CLI's --structured). */
  structured = $state(false);
  prefixCache = $state(true);
  dtype = $state<(typeof LLM_DTYPES)[number]>('');
  templateText = $state(templateJson(DEFAULT_SCREENING_TEMPLATE));

  /** A picked model folder's screening_template.json (TEMPLATE_FILE): the folder's name and the file's text. */
  folderTemplate = $state.raw<{ readonly folder: string; readonly text: string } | undefined>(undefined);
  /** Where the template in the box comes from: the folder's file as it is, edited from it, or neither. */
  readonly templateOrigin = $derived<'folder' | 'folder-edited' | undefined>(this.folderTemplate === undefined ? undefined : this.folderTemplate.text === this.templateText ? 'folder' : 'folder-edited');

  readonly #read = $derived(readTemplateText(this.templateText));
  /** What is wrong with the settings, in words (undefined when they are fine). */
  readonly error = $derived.by((): string | undefined => {
    if (!this.#read.ok && this.templateOrigin === 'folder') return `The folder “${this.folderTemplate!.folder}” ships a ${TEMPLATE_FILE} that cannot be used: ${this.#read.error}`;
    if (!this.#read.ok) return this.#read.error;
    if (this.mode === 'generate' && !(Number.isFinite(this.temperature) && this.temperature >= 0)) return 'The temperature must be a number ≥ 0 (0 always picks the likeliest token).';
    if (this.mode === 'generate' && !(Number.isInteger(this.maxNewTokens) && this.maxNewTokens >= 1)) return 'Max new tokens must be a whole number ≥ 1.';
    return undefined;
  });
  /** The run's LLM options, or undefined while the settings have an error. */
  readonly options = $derived.by((): LlmRunOptions | undefined => {
    if (!this.#read.ok || this.error !== undefined) return undefined;
    return {
      template: this.#read.template,
      mode: this.mode,
      temperature: this.mode === 'generate' ? this.temperature : 0,
      maxNewTokens: this.maxNewTokens,
      prefixCache: this.prefixCache,
      ...(this.mode === 'generate' && this.structured ? { structured: true } : {}),
      ...(this.dtype !== '' ? { dtype: this.dtype } : {}),
    };
  });

  resetTemplate(): void {
    this.templateText = templateJson(DEFAULT_SCREENING_TEMPLATE);
  }

  /** Uses a model folder's screening_template.json (its text as it is: an error in it is said inline, like a typed one). */
  useFolderTemplate(folder: string, text: string): void {
    this.folderTemplate = { folder, text };
    this.templateText = text;
  }
}
