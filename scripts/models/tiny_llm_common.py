"""Shared pieces of the tiny decoder test models (build_tiny_llm.py, build_planted_llm.py).

Not a script: imported by them. Holds
  - the GPT-2 byte-to-unicode table and a small deterministic byte-level BPE trainer,
  - the tokenizer.json / tokenizer_config.json writers (ChatML template as in Qwen2/Qwen2.5),
  - a pure-torch Llama (RMSNorm, RoPE with HF's rotate_half, grouped-query attention with a causal
    mask combined with the attention_mask padding mask, SwiGLU MLP, untied lm_head),
  - the ONNX export in transformers.js's decoder layout (input_ids, attention_mask, position_ids,
    past_key_values.{i}.key/value -> logits, present.{i}.key/value).
"""

import json
import math
import re
from collections import Counter

import torch
from torch import nn

SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]

# The Qwen2 chat template (Qwen2.5's without the tool branches; its default system line is Qwen2's).
CHATML_TEMPLATE = (
    "{% for message in messages %}"
    "{% if loop.first and messages[0]['role'] != 'system' %}"
    "{{ '<|im_start|>system\\nYou are a helpful assistant.<|im_end|>\\n' }}"
    "{% endif %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def write_json(path, value):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(value, f, ensure_ascii=False, indent=2)
        f.write("\n")


# ---------------------------------------------------------------------------------------------
# byte-level BPE


def bytes_to_unicode():
    """GPT-2's table: each byte 0..255 -> a printable unicode character (space -> 'Ġ', \\n -> 'Ċ')."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


BYTE_TO_UNICODE = bytes_to_unicode()
UNICODE_TO_BYTE = {c: b for b, c in BYTE_TO_UNICODE.items()}

# An approximation of GPT-2's pre-tokenizer regex with the standard `re` module (no \p{L}); used
# only to cut the training text into words for learning merges, never at run time.
PRETOKEN = re.compile(r"'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+")


def byte_symbols(word):
    return tuple(BYTE_TO_UNICODE[b] for b in word.encode("utf-8"))


def train_bpe(texts, num_merges, forced=()):
    """Learn `num_merges` merges from `texts` after applying the `forced` merges first.

    Deterministic: the most frequent adjacent pair wins, ties broken by the pair's strings.
    Returns the list of merges (pairs of symbols), forced ones first.
    """
    words = Counter()
    for text in texts:
        for piece in PRETOKEN.findall(text):
            words[byte_symbols(piece)] += 1
    words = dict(words)
    merges = []

    def apply(pair):
        a, b = pair
        merged = a + b
        out = {}
        for symbols, count in words.items():
            if len(symbols) < 2:
                out[symbols] = out.get(symbols, 0) + count
                continue
            new = []
            i = 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                    new.append(merged)
                    i += 2
                else:
                    new.append(symbols[i])
                    i += 1
            key = tuple(new)
            out[key] = out.get(key, 0) + count
        return out

    for pair in forced:
        merges.append(pair)
        words = apply(pair)
    while len(merges) < len(forced) + num_merges:
        pairs = Counter()
        for symbols, count in words.items():
            for i in range(len(symbols) - 1):
                pairs[(symbols[i], symbols[i + 1])] += count
        if not pairs:
            break
        best = max(pairs.items(), key=lambda item: (item[1], item[0]))
        if best[1] < 2:
            break
        merges.append(best[0])
        words = apply(best[0])
    return merges


def forced_word_merges(word):
    """Merges that make `word` one token: its letters left to right, then a leading space onto the
    whole word (so ` yes` is `Ġ` + `yes`, whatever the ranks of the merges inside `yes`)."""
    if word.startswith(" "):
        return forced_word_merges(word[1:]) + [(byte_symbols(" ")[0], "".join(byte_symbols(word[1:])))]
    symbols = list(byte_symbols(word))
    merges = []
    current = symbols[0]
    for s in symbols[1:]:
        merges.append((current, s))
        current = current + s
    return merges


def byte_level_tokenizer_json(merges):
    """tokenizer.json of a byte-level BPE: 256 byte symbols, one token per merge, then specials."""
    vocab = {}
    for b in range(256):
        vocab[BYTE_TO_UNICODE[b]] = len(vocab)
    kept = []
    for a, b in merges:
        token = a + b
        if token in vocab:
            continue
        vocab[token] = len(vocab)
        kept.append(f"{a} {b}")
    added = []
    for content in SPECIAL_TOKENS:
        added.append(
            {
                "id": len(vocab),
                "content": content,
                "single_word": False,
                "lstrip": False,
                "rstrip": False,
                "normalized": False,
                "special": True,
            }
        )
        vocab[content] = len(vocab)
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
        "post_processor": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": "",
            "end_of_word_suffix": "",
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": False,
            "vocab": vocab,
            "merges": kept,
        },
    }


def tokenizer_config_json(tok, max_length):
    vocab = tok["model"]["vocab"]
    return {
        "add_bos_token": False,
        "add_prefix_space": False,
        "added_tokens_decoder": {
            str(vocab[t]): {
                "content": t,
                "lstrip": False,
                "normalized": False,
                "rstrip": False,
                "single_word": False,
                "special": True,
            }
            for t in SPECIAL_TOKENS
        },
        "additional_special_tokens": ["<|im_start|>", "<|im_end|>"],
        "bos_token": None,
        "chat_template": CHATML_TEMPLATE,
        "clean_up_tokenization_spaces": False,
        "eos_token": "<|im_end|>",
        "errors": "replace",
        "model_max_length": max_length,
        "pad_token": "<|endoftext|>",
        "split_special_tokens": False,
        "tokenizer_class": "Qwen2Tokenizer",
        "unk_token": None,
    }


class ByteLevelBpe:
    """A reference encoder for the tokenizer above (checks round trips and makes token ids in python).

    Specials are matched literally; the rest is cut with PRETOKEN (close to, not exactly, GPT-2's
    regex: ids may differ from transformers.js on exotic text, never the decoded string).
    """

    def __init__(self, tok):
        self.vocab = tok["model"]["vocab"]
        self.inverse = {i: t for t, i in self.vocab.items()}
        self.ranks = {tuple(m.split(" ")): r for r, m in enumerate(tok["model"]["merges"])}
        self.special = re.compile("(" + "|".join(re.escape(t) for t in SPECIAL_TOKENS) + ")")

    def _bpe(self, symbols):
        symbols = list(symbols)
        while len(symbols) > 1:
            ranked = [(self.ranks.get((symbols[i], symbols[i + 1]), math.inf), i) for i in range(len(symbols) - 1)]
            rank, i = min(ranked)
            if rank == math.inf:
                break
            symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
        return symbols

    def encode(self, text):
        ids = []
        for part in self.special.split(text):
            if part in SPECIAL_TOKENS:
                ids.append(self.vocab[part])
                continue
            for piece in PRETOKEN.findall(part):
                ids.extend(self.vocab[s] for s in self._bpe(byte_symbols(piece)))
        return ids

    def decode(self, ids):
        out = bytearray()
        text = []
        for i in ids:
            token = self.inverse[i]
            if token in SPECIAL_TOKENS:
                text.append(out.decode("utf-8", errors="replace"))
                out = bytearray()
                text.append(token)
            else:
                out.extend(UNICODE_TO_BYTE[c] for c in token)
        text.append(out.decode("utf-8", errors="replace"))
        return "".join(text)


# ---------------------------------------------------------------------------------------------
# the model


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        variance = x.pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(variance + self.eps))


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg["num_attention_heads"]
        self.kv_heads = cfg["num_key_value_heads"]
        self.head_dim = cfg["head_dim"]
        hidden = cfg["hidden_size"]
        self.q_proj = nn.Linear(hidden, self.heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(hidden, self.kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(hidden, self.kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(self.heads * self.head_dim, hidden, bias=False)

    def forward(self, x, cos, sin, bias, past_k, past_v):
        b, s, _ = x.shape
        q = self.q_proj(x).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        if cos is not None:  # None: no rotary embedding (NoPE), as the planted model's layers
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
        k = torch.cat([past_k, k], dim=2)
        v = torch.cat([past_v, v], dim=2)
        groups = self.heads // self.kv_heads
        # repeat each key/value head for its query group (repeat_interleave exports static shapes)
        kk = k.unsqueeze(2).expand(-1, -1, groups, -1, -1).flatten(1, 2)
        vv = v.unsqueeze(2).expand(-1, -1, groups, -1, -1).flatten(1, 2)
        scores = torch.matmul(q, kk.transpose(2, 3)) / math.sqrt(self.head_dim) + bias
        probs = torch.softmax(scores.float(), dim=-1).to(q.dtype)
        out = torch.matmul(probs, vv).transpose(1, 2).reshape(b, s, self.heads * self.head_dim)
        return self.o_proj(out), k, v


class Mlp(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        hidden, inner = cfg["hidden_size"], cfg["intermediate_size"]
        self.gate_proj = nn.Linear(hidden, inner, bias=False)
        self.up_proj = nn.Linear(hidden, inner, bias=False)
        self.down_proj = nn.Linear(inner, hidden, bias=False)

    def forward(self, x):
        return self.down_proj(nn.functional.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.input_layernorm = RMSNorm(cfg["hidden_size"], cfg["rms_norm_eps"])
        self.self_attn = Attention(cfg)
        self.post_attention_layernorm = RMSNorm(cfg["hidden_size"], cfg["rms_norm_eps"])
        self.mlp = Mlp(cfg)

    def forward(self, x, cos, sin, bias, past_k, past_v):
        h, k, v = self.self_attn(self.input_layernorm(x), cos, sin, bias, past_k, past_v)
        x = x + h
        x = x + self.mlp(self.post_attention_layernorm(x))
        return x, k, v


class TinyLlama(nn.Module):
    """forward(input_ids, attention_mask, position_ids, *past) -> (logits, *present).

    past/present are flat: layer 0 key, layer 0 value, layer 1 key, ... each
    [batch, num_kv_heads, past_seq, head_dim]. The key at index j (0 <= j < past+seq) is visible to the
    query at index past+i when j <= past+i and attention_mask[b, j] == 1.
    """

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed_tokens = nn.Embedding(cfg["vocab_size"], cfg["hidden_size"])
        self.layers = nn.ModuleList([Layer(cfg) for _ in range(cfg["num_hidden_layers"])])
        self.norm = RMSNorm(cfg["hidden_size"], cfg["rms_norm_eps"])
        self.lm_head = nn.Linear(cfg["hidden_size"], cfg["vocab_size"], bias=False)
        d = cfg["head_dim"]
        inv_freq = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, input_ids, attention_mask, position_ids, *past):
        x = self.embed_tokens(input_ids)
        dtype = x.dtype
        if self.cfg.get("rope", True):
            freqs = position_ids.to(torch.float32).unsqueeze(-1) * self.inv_freq  # [b, s, d/2]
            emb = torch.cat([freqs, freqs], dim=-1).unsqueeze(1)  # [b, 1, s, d]
            cos, sin = emb.cos().to(dtype), emb.sin().to(dtype)
        else:
            # position_ids still enter the graph (transformers.js feeds them), contributing exactly 0
            x = x + 0 * position_ids.unsqueeze(-1).to(dtype)
            cos = sin = None

        # key index 0..total-1 and query index past..total-1, from the masks' own shapes
        key_index = torch.cumsum(torch.ones_like(attention_mask), dim=1) - 1  # [b, total]
        past_len = past[0].shape[2]
        query_index = key_index[:, past_len:]  # [b, s]
        allowed = (key_index.unsqueeze(1) <= query_index.unsqueeze(2)) & (attention_mask.unsqueeze(1) > 0)
        bias = torch.where(allowed, torch.zeros((), dtype=dtype), torch.full((), -1e4 if dtype == torch.float16 else -1e9, dtype=dtype))
        bias = bias.unsqueeze(1)  # [b, 1, s, total]

        present = []
        for i, layer in enumerate(self.layers):
            x, k, v = layer(x, cos, sin, bias, past[2 * i], past[2 * i + 1])
            present.extend([k, v])
        logits = self.lm_head(self.norm(x))
        return (logits, *present)


def empty_past(cfg, batch, length=0, dtype=torch.float32):
    shape = (batch, cfg["num_key_value_heads"], length, cfg["head_dim"])
    return [torch.zeros(shape, dtype=dtype) for _ in range(2 * cfg["num_hidden_layers"])]


def io_names(cfg):
    n = cfg["num_hidden_layers"]
    past = [f"past_key_values.{i}.{kv}" for i in range(n) for kv in ("key", "value")]
    present = [f"present.{i}.{kv}" for i in range(n) for kv in ("key", "value")]
    return ["input_ids", "attention_mask", "position_ids", *past], ["logits", *present]


def export_onnx(model, cfg, path, opset, dtype=torch.float32):
    """Export with a non-empty dummy past (3 positions) and dynamic axes named as transformers.js reads
    them: it fills an empty past from the input's metadata, `batch_size` -> the batch, any other
    symbolic dimension -> 0."""
    inputs, outputs = io_names(cfg)
    batch, seq, past_len = 2, 4, 3
    ids = torch.randint(0, cfg["vocab_size"], (batch, seq), generator=torch.Generator().manual_seed(1))
    mask = torch.ones((batch, past_len + seq), dtype=torch.int64)
    pos = torch.arange(past_len, past_len + seq, dtype=torch.int64).unsqueeze(0).repeat(batch, 1)
    past = [t.normal_(generator=torch.Generator().manual_seed(2)) for t in empty_past(cfg, batch, past_len, dtype)]
    dynamic = {
        "input_ids": {0: "batch_size", 1: "sequence_length"},
        "attention_mask": {0: "batch_size", 1: "total_sequence_length"},
        "position_ids": {0: "batch_size", 1: "sequence_length"},
        "logits": {0: "batch_size", 1: "sequence_length"},
    }
    for name in inputs[3:]:
        dynamic[name] = {0: "batch_size", 2: "past_sequence_length"}
    for name in outputs[1:]:
        dynamic[name] = {0: "batch_size", 2: "total_sequence_length"}
    torch.onnx.export(
        model,
        (ids, mask, pos, *past),
        path,
        input_names=inputs,
        output_names=outputs,
        dynamic_axes=dynamic,
        opset_version=opset,
        do_constant_folding=True,
    )


def position_ids_for(mask):
    """transformers.js's create_position_ids: cumsum(mask) - 1, with 1 where the mask is 0."""
    pos = torch.cumsum(mask, dim=1) - 1
    return pos.masked_fill(mask == 0, 1)


def fp16_interface(src, dst):
    """Write a copy of the fp32 ONNX model at `src` with float16 weights and float16 past/present/logits
    (the file transformers.js loads for dtype "fp16"). Inside, Cast nodes widen the weights and the
    past to float32 and narrow the outputs, so the arithmetic stays float32 (onnxruntime's CPU
    provider has few float16 kernels)."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(src)
    g = model.graph
    casts = []
    inits = []
    for init in g.initializer:
        if init.data_type == TensorProto.FLOAT:
            arr = numpy_helper.to_array(init).astype(np.float16)
            inits.append(numpy_helper.from_array(arr, init.name + "_fp16"))
            casts.append(helper.make_node("Cast", [init.name + "_fp16"], [init.name], to=TensorProto.FLOAT, name="cast_" + init.name))
        else:
            inits.append(init)
    del g.initializer[:]
    g.initializer.extend(inits)

    for inp in g.input:
        if inp.type.tensor_type.elem_type != TensorProto.FLOAT:
            continue
        inp.type.tensor_type.elem_type = TensorProto.FLOAT16
        wide = inp.name + "_fp32"
        for node in g.node:
            for i, name in enumerate(node.input):
                if name == inp.name:
                    node.input[i] = wide
        casts.append(helper.make_node("Cast", [inp.name], [wide], to=TensorProto.FLOAT, name="cast_" + inp.name))

    tail = []
    for out in g.output:
        if out.type.tensor_type.elem_type != TensorProto.FLOAT:
            continue
        out.type.tensor_type.elem_type = TensorProto.FLOAT16
        wide = out.name + "_fp32"
        for node in g.node:
            for i, name in enumerate(node.output):
                if name == out.name:
                    node.output[i] = wide
            for i, name in enumerate(node.input):
                if name == out.name:
                    node.input[i] = wide
        tail.append(helper.make_node("Cast", [wide], [out.name], to=TensorProto.FLOAT16, name="cast_" + out.name))

    nodes = casts + list(g.node) + tail
    del g.node[:]
    g.node.extend(nodes)
    del g.value_info[:]
    onnx.checker.check_model(model)
    onnx.save(model, dst)
