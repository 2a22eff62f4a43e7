/** LLM screeners (issue 49): the template, the prompt, the two scoring modes and output validity. */
export * from './screeningTemplate.ts';
export * from './prompt.ts';
export * from './answerProbabilities.ts';
export * from './generatedAnswer.ts';
export * from './outputValidity.ts';
export * from './sampler.ts';
export * from './templateHash.ts';
export * from './memoryEstimate.ts';
export * from './answerSchema.ts';
export type { LlmAnswers, LlmAsked } from './answers.ts';
