/** The page's one CandidatesState, reading PDF and DOCX text in the documents worker. */
import { documentsExtract } from '../runs/documentsClient.ts';
import { CandidatesState } from './candidates.svelte.ts';

export const candidatesState = new CandidatesState(() => documentsExtract);
