/**
 * The screening prompt of one (job, CV) pair, as chat messages and as the
 * two parts the prefix cache needs (issue 49): the text before the CV — the
 * system message, the job and whatever the model's chat template puts
 * around them, the same for every CV of a job — and the rest. The chat
 * template itself belongs to the model's tokenizer and is injected as
 * `render`, so this stays pure.
 *
 * The prompt is tokenized in these two parts, always, whether or not the
 * cache is used: a byte-pair tokenizer may merge across the boundary
 * otherwise, and a cached run would then read other tokens than an uncached one.
 */
import type { ScreeningTemplate } from './screeningTemplate.ts';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/** Answer probabilities (one forward pass) or generated answers (sampled JSON). */
export type LlmMode = 'probabilities' | 'generate';

/** Characters of a job description and of a CV an LLM prompt keeps (the rest is cut, and the results say so). */
export const LLM_JOB_CHARS = 2000;
export const LLM_CV_CHARS = 6000;

/** The chat template of the model's tokenizer: messages → the prompt text, ending with the assistant's turn opened. */
export type RenderChat = (messages: readonly ChatMessage[]) => string;

/**
 * The chat of one pair: the template's system message, and its user message
 * with the slots filled (job and CV cut to `jobChars`/`cvChars` characters);
 * in generated mode the JSON instruction is appended.
 * @example screeningMessages(DEFAULT_SCREENING_TEMPLATE, 'Nurse', 'RN, 5 years', 'probabilities')[1].content.startsWith('Job description:\nNurse') // true
 */
export function screeningMessages(t: ScreeningTemplate, job: string, cv: string, mode: LlmMode, jobChars = LLM_JOB_CHARS, cvChars = LLM_CV_CHARS): ChatMessage[] {
  const user = t.user.replace('{job}', () => job.trim().slice(0, jobChars)).replace('{cv}', () => cv.trim().slice(0, cvChars));
  const messages: ChatMessage[] = [];
  if (t.system !== '') messages.push({ role: 'system', content: t.system });
  messages.push({ role: 'user', content: mode === 'generate' ? user + t.jsonInstruction : user });
  return messages;
}

/** A prompt in the two parts it is tokenized in. */
export interface PromptParts {
  /** Everything before the CV: the same for every CV of a job. */
  readonly prefix: string;
  /** The CV, the rest of the chat, and in probabilities mode the template's answer prefix. */
  readonly rest: string;
}

/** Marks the CV's place when the prompt is rendered to find the prefix; no CV holds it. */
const CV_MARK = '\u0000fairground-cv\u0000';

/**
 * Splits the rendered prompt of one pair at the CV.
 * @throws {Error} when the chat template changes the text before the CV
 *   depending on the CV (then no prefix can be shared).
 * @example promptParts(render, DEFAULT_SCREENING_TEMPLATE, 'Nurse', 'RN', 'probabilities').prefix.endsWith('CV:\n') // true with a template that copies the content
 */
export function promptParts(render: RenderChat, t: ScreeningTemplate, job: string, cv: string, mode: LlmMode, jobChars = LLM_JOB_CHARS, cvChars = LLM_CV_CHARS): PromptParts {
  const marked = render(screeningMessages(t, job, CV_MARK, mode, jobChars, Number.MAX_SAFE_INTEGER));
  const at = marked.indexOf(CV_MARK);
  if (at < 0) throw new Error("the model's chat template dropped the CV from the prompt");
  const prefix = marked.slice(0, at);
  const full = render(screeningMessages(t, job, cv, mode, jobChars, cvChars)) + (mode === 'probabilities' ? t.answerPrefix : '');
  if (!full.startsWith(prefix)) throw new Error("the model's chat template writes the job's part of the prompt differently for different CVs");
  return { prefix, rest: full.slice(prefix.length) };
}
