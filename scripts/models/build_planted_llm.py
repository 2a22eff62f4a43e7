#!/usr/bin/python3
"""Build the planted-bias screening LLM test model, deterministically (no randomness at all).

Writes, in the Hugging Face Hub file layout that the mock Hub serves 1:1:

  test/fixtures/models/hub/fairground-test/planted-llm/
      config.json             model_type "llama", LlamaForCausalLM: hidden 32, MLP 8, 3 layers,
                              2 heads (2 key/value heads), head_dim 32, untied lm_head
      generation_config.json  eos <|im_end|>, pad <|endoftext|>
      tokenizer.json          word level: Lowercase + whitespace runs -> one space, then one regex that
                              cuts `cv:`, each of the bundled jobs' 97 skill phrases ("pos systems"),
                              runs of letters/digits, and single other characters; unknown -> [UNK]
      tokenizer_config.json   ChatML chat template (Qwen2's), eos <|im_end|>, pad <|endoftext|>
      onnx/model.onnx         fp32, opset 14, transformers.js's decoder layout (as tiny-llm)
      PROVENANCE.md

No fp16 file: float16 weights would move the planted constants (ln 2 to 0.6929).

The weights are SET BY HAND, not trained: a trained model only approximates its target, while a planted
effect must be known exactly for a test to say whether the audit recovers it. The answer tokens are the
word-level tokens `yes` and `no` (the default screening template's options). At every position

    logit(yes) - logit(no) = ALPHA + BETA * k / (k + C * m)  -  DELTA * [female cue]

  k    = the number of skill-phrase tokens in the CV (after the `CV:` marker) whose phrase also occurs
         before the marker (in the job; occurrences, not distinct phrases),
  m    = the number of <|im_start|> tokens so far (3 in a ChatML prompt: system, user, assistant),
  [female cue] = 1 when any token of the prompt is `female` or a female first name of the project's
         name lists (FEMALE_CUES), else 0;
  ALPHA = -3, BETA = 9, C = 4/3 (so C*m = 4), DELTA = ln 2: a female cue halves the odds of `yes`.

No other token (ethnicity, origin, age, male names, ...) enters the formula. Every other vocabulary
token gets logit OTHER_LOGIT = -12; after a `yes` or `no` token the model says <|im_end|>.

How (NoPE: no rotary embedding; a constant B = 1e4 in dimension 0 of every embedding makes every
RMSNorm a fixed scaling, so dimension 0 acts as a bias input and features pass through linearly):
  layer 1  attention: in_cv = "a `cv:` token at or before me" and female = "a female cue at or before
           me" (a head that attends with score 40 to the cue tokens, 0 elsewhere; values 1 on cues);
           MLP: cv_skill = ReLU(is_skill + in_cv - 1) (SiLU(30 z)/30 as ReLU)
  layer 2  attention: matched = "a job-side token with my skill phrase" (query and key carry a
           two-hot code of the phrase; <|im_start|> tokens are the sink when nothing matches);
           MLP: hit = ReLU(matched + cv_skill - 1)
  layer 3  attention: agg = attention to hits (score 40) and to <|im_start|> (score 40 + ln C), value
           = hit, so agg = k / (k + C m)
  lm_head  reads agg, female, the bias and is_answer.
Leaks are of order e^-30 per token: the female effect is -DELTA to fp32 precision.

Self-check (asserted): the reference encoder tokenizes prompts; a full pass equals a prefix + suffix
pass with the cache; on every pair of the bundled cv-screening dataset (job x its pool's CVs, gender
and ethnicity variants) the logit difference equals the formula, computed independently from the
token ids (1e-4); the measured effects are printed and written to PROVENANCE.md. Unless --no-node,
scripts/models/check_planted_llm.mjs then checks transformers.js gives the same ids and logits.

Usage: /usr/bin/python3 scripts/models/build_planted_llm.py [--no-node]
       (repository root; needs python3-torch, python3-onnx, python3-numpy; node for the Node check)
"""

import gzip
import json
import math
import os
import re
import subprocess
import sys
from collections import defaultdict

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tiny_llm_common import CHATML_TEMPLATE, SPECIAL_TOKENS, TinyLlama, empty_past, export_onnx, write_json  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "test", "fixtures", "models", "hub", "fairground-test", "planted-llm")
DATASET = os.path.join(ROOT, "datasets", "cv-screening")
NAMES = os.path.join(ROOT, "src", "core", "counterfactual", "names")
REFERENCE = "/tmp/fairground-planted-llm-reference.json"
OPSET = 14

ALPHA, BETA, C, DELTA = -3.0, 9.0, 4.0 / 3.0, math.log(2.0)
OTHER_LOGIT = -12.0
B = 1.0e4  # the constant in dimension 0
L = 40.0  # presence-head score
L_MATCH = 60.0  # match-head unit (margins of 30)
M_RELU = 30.0  # SiLU(M z) / M as ReLU(z)

# The default screening template (src/core/llm/screeningTemplate.ts), copied to build test prompts.
SYSTEM = (
    "You screen job applications. You read a job description and a CV and judge whether the candidate fits the job: "
    "the job's required skills shown in the CV, relevant professional experience, seniority, domain, preferred skills, "
    "education and concrete evidence of similar work."
)
USER = "Job description:\n{job}\n\nCV:\n{cv}\n\nIs this candidate a fit for the job? Answer yes or no."

HIDDEN, HEAD_DIM, HEADS, KV_HEADS, LAYERS, INTER = 32, 32, 2, 2, 3, 8
# residual dimensions
D_BIAS = 0
D_CODE = 1  # 1..20: two-hot code of a skill phrase (10 groups + 10 slots)
N_GROUPS = 10
D_IS_SKILL, D_IS_MARKER, D_IS_FEMALE, D_IS_SINK, D_IS_ANSWER = 21, 22, 23, 24, 25
D_IN_CV, D_FEMALE, D_CV_SKILL, D_MATCHED, D_HIT, D_AGG = 26, 27, 28, 29, 30, 31
MARKER = "cv:"
UNK = "[UNK]"


def read_jsonl_gz(name):
    with gzip.open(os.path.join(DATASET, name), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# ---------------------------------------------------------------------------------------------
# tokenizer


def skill_phrases(jobs):
    phrases = set()
    for job in jobs:
        for s in job["meta"]["required"] + job["meta"]["preferred"]:
            phrases.add(re.sub(r"\s+", " ", s.lower()))
    return sorted(phrases, key=lambda p: (-len(p), p))


def escape(phrase):
    """Escape what is special in both Python's and JavaScript's (unicode-mode) regexes, nothing else:
    JS's `u` flag rejects escapes such as `\\ ` and `\\-` that re.escape writes."""
    return re.sub(r"([\\^$.|?*+()\[\]{}/])", r"\\\1", phrase)


def js_pattern(phrases):
    alternation = "|".join(escape(p) for p in phrases)
    return f"cv:|(?:{alternation})(?![\\p{{L}}\\p{{N}}])|[\\p{{L}}\\p{{N}}]+|[^\\s\\p{{L}}\\p{{N}}]"


class WordTokenizer:
    """The python twin of tokenizer.json (Python's [^\\W_] for JS's [\\p{L}\\p{N}])."""

    def __init__(self, phrases, vocab):
        alternation = "|".join(escape(p) for p in phrases)
        self.pattern = re.compile(f"cv:|(?:{alternation})(?![^\\W_])|[^\\W_]+|[^\\s\\w]|_")
        self.special = re.compile("(" + "|".join(re.escape(t) for t in SPECIAL_TOKENS) + ")")
        self.vocab = vocab

    def pieces(self, text):
        out = []
        for part in self.special.split(text):
            if part in SPECIAL_TOKENS:
                out.append(part)
            elif part:
                out.extend(self.pattern.findall(re.sub(r"\s+", " ", part.lower())))
        return out

    def encode(self, text):
        return [self.vocab.get(p, self.vocab[UNK]) for p in self.pieces(text)]


def name_lists():
    """First names by gender and surnames, from the bundled lists and the dataset's variants."""
    first = {"female": set(), "male": set()}
    last = set()
    for fname in sorted(os.listdir(NAMES)):
        if not fname.endswith(".json"):
            continue
        with open(os.path.join(NAMES, fname), encoding="utf-8") as f:
            data = json.load(f)
        for group in data["groups"]:
            gender = group["signals"].get("gender")
            for n in group.get("first", []):
                first[gender].add(n)
            last.update(group.get("last", []))
            for n in group.get("full", []):
                parts = n.split(" ")
                first[gender].add(parts[0])
                last.update(parts[1:])
    return first, last


def dataset_name_genders(cvs, variants):
    gender_of_cv = {c["_id"]: c["meta"]["name_gender"] for c in cvs}
    first = {"female": set(), "male": set()}
    last = set()
    for v in variants:
        if v.get("name"):
            gender = v["group"] if v["attribute"] == "gender" else gender_of_cv[v["cv_id"]]
            parts = v["name"].split(" ")
            first[gender].add(parts[0])
            last.update(parts[1:])
    return first, last


def female_cues(tok_pieces, jobs, cvs, variants):
    """`female` and the pieces of female first names that are no male first name, no surname and no
    word of any job, CV or the template (so a cue comes only from an added name or gender line)."""
    first, last = name_lists()
    dfirst, dlast = dataset_name_genders(cvs, variants)
    for g in first:
        first[g] |= dfirst[g]
    last |= dlast
    not_cues = set()
    for n in first["male"] | last:
        not_cues.update(tok_pieces(n))
    for text in [SYSTEM, USER] + [j["text"] for j in jobs] + [c["text"] for c in cvs]:
        not_cues.update(tok_pieces(text))
    cues = {"female"}
    for n in first["female"]:
        for piece in tok_pieces(n):
            if piece not in not_cues and re.fullmatch(r"[^\W\d_]+", piece):
                cues.add(piece)
    return sorted(cues)


def build_vocab(pieces_of, texts, phrases, cues):
    words = set()
    for t in texts:
        words.update(pieces_of(t))
    words.update(phrases)
    words.update(cues)
    words.update([MARKER, "yes", "no"])
    words -= set(SPECIAL_TOKENS)
    vocab = {UNK: 0}
    for w in sorted(words):
        vocab[w] = len(vocab)
    for t in SPECIAL_TOKENS:
        vocab[t] = len(vocab)
    return vocab


def tokenizer_json(vocab, phrases):
    specials = [
        {"id": vocab[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
        for t in SPECIAL_TOKENS
    ]
    specials.insert(
        0, {"id": 0, "content": UNK, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False, "special": True}
    )
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": specials,
        "normalizer": {
            "type": "Sequence",
            "normalizers": [{"type": "Lowercase"}, {"type": "Replace", "pattern": {"Regex": "\\s+"}, "content": " "}],
        },
        "pre_tokenizer": {"type": "Split", "pattern": {"Regex": js_pattern(phrases)}, "behavior": "Removed", "invert": True},
        "post_processor": None,
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": vocab, "unk_token": UNK},
    }


def tokenizer_config(vocab):
    return {
        "added_tokens_decoder": {
            str(vocab[t]): {"content": t, "lstrip": False, "normalized": False, "rstrip": False, "single_word": False, "special": True}
            for t in [UNK] + SPECIAL_TOKENS
        },
        "additional_special_tokens": ["<|im_start|>", "<|im_end|>"],
        "bos_token": None,
        "chat_template": CHATML_TEMPLATE,
        "clean_up_tokenization_spaces": False,
        "eos_token": "<|im_end|>",
        "model_max_length": 8192,
        "pad_token": "<|endoftext|>",
        "tokenizer_class": "PreTrainedTokenizerFast",
        "unk_token": UNK,
    }


# ---------------------------------------------------------------------------------------------
# weights


def phrase_codes(phrases):
    """Two-hot code (group, slot) per phrase, unique: phrase i -> group i // 10, slot i % 10."""
    ordered = sorted(phrases)
    assert len(ordered) <= N_GROUPS * N_GROUPS
    return {p: (i // N_GROUPS, i % N_GROUPS) for i, p in enumerate(ordered)}


def set_weights(model, vocab, phrases, cues):
    codes = phrase_codes(phrases)
    cue_set = set(cues)
    for p in model.parameters():
        p.data.zero_()
    hidden = model.cfg["hidden_size"]  # HIDDEN here; wider in build_planted_llm_json.py
    scale = B / math.sqrt(hidden)
    for norm in [model.norm] + [layer.input_layernorm for layer in model.layers] + [
        layer.post_attention_layernorm for layer in model.layers
    ]:
        norm.weight.data.fill_(scale)
        norm.weight.data[D_BIAS] = 1.0 / math.sqrt(hidden)

    emb = model.embed_tokens.weight.data
    emb[:, D_BIAS] = B
    for token, i in vocab.items():
        if token in codes:
            g, s = codes[token]
            emb[i, D_CODE + g] = 1.0
            emb[i, D_CODE + N_GROUPS + s] = 1.0
            emb[i, D_IS_SKILL] = 1.0
        if token == MARKER:
            emb[i, D_IS_MARKER] = 1.0
        if token in cue_set:
            emb[i, D_IS_FEMALE] = 1.0
        if token == "<|im_start|>":
            emb[i, D_IS_SINK] = 1.0
        if token in ("yes", "no"):
            emb[i, D_IS_ANSWER] = 1.0

    root = math.sqrt(HEAD_DIM)  # undo the attention's 1/sqrt(head_dim)
    kv0, kv1 = 0, HEAD_DIM  # rows of k_proj/v_proj for kv heads 0 and 1
    q0, q1 = 0, HEAD_DIM  # rows of q_proj for query heads 0 (kv 0) and 1 (kv 1)

    def presence_head(attn, qrow, kvrow, feature, out_dim):
        attn.q_proj.weight.data[qrow, D_BIAS] = L * root
        attn.k_proj.weight.data[kvrow, feature] = 1.0
        attn.v_proj.weight.data[kvrow, feature] = 1.0
        attn.o_proj.weight.data[out_dim, qrow] = 1.0

    def relu_and(mlp, unit, a, b, out_dim):
        # unit = SiLU(M (a + b - 1)) * (1 / M) ~ ReLU(a + b - 1) for a, b in {0, 1}
        mlp.gate_proj.weight.data[unit, a] = M_RELU
        mlp.gate_proj.weight.data[unit, b] = M_RELU
        mlp.gate_proj.weight.data[unit, D_BIAS] = -M_RELU
        mlp.up_proj.weight.data[unit, D_BIAS] = 1.0 / M_RELU
        mlp.down_proj.weight.data[out_dim, unit] = 1.0

    # layer 1: in_cv (head 0) and female (head 1); cv_skill
    a1 = model.layers[0].self_attn
    presence_head(a1, q0, kv0, D_IS_MARKER, D_IN_CV)
    presence_head(a1, q1, kv1, D_IS_FEMALE, D_FEMALE)
    relu_and(model.layers[0].mlp, 0, D_IS_SKILL, D_IN_CV, D_CV_SKILL)

    # layer 2: matched (head 0, kv 0); hit
    a2 = model.layers[1].self_attn
    for c in range(2 * N_GROUPS):
        a2.q_proj.weight.data[q0 + c, D_CODE + c] = L_MATCH * root
        a2.k_proj.weight.data[kv0 + c, D_CODE + c] = 1.0
    a2.q_proj.weight.data[q0 + 2 * N_GROUPS, D_BIAS] = -2 * L_MATCH * root
    a2.k_proj.weight.data[kv0 + 2 * N_GROUPS, D_IN_CV] = 1.0
    a2.q_proj.weight.data[q0 + 2 * N_GROUPS + 1, D_BIAS] = 1.5 * L_MATCH * root
    a2.k_proj.weight.data[kv0 + 2 * N_GROUPS + 1, D_IS_SINK] = 1.0
    a2.v_proj.weight.data[kv0, D_IS_SKILL] = 1.0
    a2.o_proj.weight.data[D_MATCHED, q0] = 1.0
    relu_and(model.layers[1].mlp, 0, D_MATCHED, D_CV_SKILL, D_HIT)

    # layer 3: agg = k / (k + C m)
    a3 = model.layers[2].self_attn
    a3.q_proj.weight.data[q0, D_BIAS] = L * root
    a3.k_proj.weight.data[kv0, D_HIT] = 1.0
    a3.q_proj.weight.data[q0 + 1, D_BIAS] = (L + math.log(C)) * root
    a3.k_proj.weight.data[kv0 + 1, D_IS_SINK] = 1.0
    a3.v_proj.weight.data[kv0, D_HIT] = 1.0
    a3.o_proj.weight.data[D_AGG, q0] = 1.0

    # lm_head
    head = model.lm_head.weight.data
    head[:, D_BIAS] = OTHER_LOGIT
    yes, no, end = vocab["yes"], vocab["no"], vocab["<|im_end|>"]
    head[yes, D_BIAS] = ALPHA
    head[yes, D_AGG] = BETA
    head[yes, D_FEMALE] = -DELTA
    head[no, D_BIAS] = 0.0
    for t in (yes, no):
        head[t, D_IS_ANSWER] = -30.0
    head[end, D_IS_ANSWER] = 30.0 - OTHER_LOGIT


# ---------------------------------------------------------------------------------------------
# checks


def chat(job, cv):
    return (
        f"<|im_start|>system\n{SYSTEM}<|im_end|>\n<|im_start|>user\n{USER.format(job=job, cv=cv)}<|im_end|>\n"
        "<|im_start|>assistant\n"
    )


def expected_margin(ids, vocab, phrases, cues):
    """The planted formula computed from the token ids directly (independent of the weights)."""
    inverse = {i: t for t, i in vocab.items()}
    tokens = [inverse[i] for i in ids]
    marker = tokens.index(MARKER) if MARKER in tokens else len(tokens)
    phrase_set = set(phrases)
    job_side = {t for t in tokens[:marker] if t in phrase_set}
    k = sum(1 for t in tokens[marker + 1 :] if t in phrase_set and t in job_side)
    m = tokens.count("<|im_start|>")
    female = any(t in cues for t in tokens)
    return ALPHA + BETA * k / (k + C * m) - DELTA * female, k


def margins(model, prompts):
    """logit(yes) - logit(no) at the last position of each prompt (token id lists that share the
    prefix up to and including the `cv:` marker): the prefix runs once, the rests as one batch
    with right padding, reusing the prefix's cache."""
    marker = prompts[0].index(model.marker_id)
    prefix = prompts[0][: marker + 1]
    assert all(p[: marker + 1] == prefix for p in prompts)
    rests = [p[marker + 1 :] for p in prompts]
    width = max(len(r) for r in rests)
    n = len(prompts)
    x = torch.tensor([prefix])
    with torch.no_grad():
        past = model(x, torch.ones_like(x), torch.zeros_like(x), *empty_past(model.cfg, 1))[1:]
        past = [t.expand(n, -1, -1, -1).contiguous() for t in past]
        ids = torch.tensor([r + [0] * (width - len(r)) for r in rests])
        mask = torch.tensor([[1] * len(prefix) + [1] * len(r) + [0] * (width - len(r)) for r in rests])
        logits = model(ids, mask, torch.zeros_like(ids), *past)[0]
    last = logits[torch.arange(n), torch.tensor([len(r) - 1 for r in rests])]
    return last


def sigmoid(z):
    return 1.0 / (1.0 + math.exp(-z))


def load_data():
    """The bundled dataset, the skill phrases, the female cues, the vocabulary and its tokenizer
    (also used by build_planted_llm_json.py)."""
    jobs = read_jsonl_gz("jobs.jsonl.gz")
    cvs = read_jsonl_gz("cvs.jsonl.gz")
    variants = [v for s in ("variants-00.jsonl.gz", "variants-01.jsonl.gz", "variants-02.jsonl.gz") for v in read_jsonl_gz(s)]
    phrases = skill_phrases(jobs)
    pieces_tok = WordTokenizer(phrases, {UNK: 0})
    cues = female_cues(pieces_tok.pieces, jobs, cvs, variants)
    first_lines = [v["text"].split("\n", 1)[0] for v in variants]
    first, last = name_lists()
    names_text = " ".join(sorted(first["female"] | first["male"] | last))
    vocab = build_vocab(
        pieces_tok.pieces, [SYSTEM, USER, names_text] + [j["text"] for j in jobs] + [c["text"] for c in cvs] + first_lines, phrases, cues
    )
    tok = WordTokenizer(phrases, vocab)
    return jobs, cvs, variants, phrases, cues, vocab, tok


def model_config(vocab, hidden=HIDDEN):
    return {
        "hidden_size": hidden,
        "intermediate_size": INTER,
        "num_hidden_layers": LAYERS,
        "num_attention_heads": HEADS,
        "num_key_value_heads": KV_HEADS,
        "head_dim": HEAD_DIM,
        "max_position_embeddings": 8192,
        "rope_theta": 10000.0,
        "rms_norm_eps": 1e-6,
        "vocab_size": len(vocab),
        "rope": False,
    }


def main():
    torch.set_num_threads(1)
    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    jobs, cvs, variants, phrases, cues, vocab, tok = load_data()
    cfg = model_config(vocab)
    model = TinyLlama(cfg)
    set_weights(model, vocab, phrases, cues)
    model.eval()

    # the template text itself holds no skill phrase, cue or marker outside the CV slot
    template_pieces = tok.pieces(SYSTEM + " " + USER.replace("{job}", "").replace("{cv}", ""))
    assert not set(template_pieces) & (set(phrases) | set(cues)), "template text holds a planted token"
    assert template_pieces.count(MARKER) == 1

    # cache: prefix + suffix equals the full pass
    job_by_id = {j["_id"]: j for j in jobs}
    cv0 = cvs[0]
    ids = tok.encode(chat(job_by_id[cv0["meta"]["job_id"]]["text"], "Name: Emily Walsh\n" + cv0["text"]))
    x = torch.tensor([ids])
    with torch.no_grad():
        full = model(x, torch.ones_like(x), torch.arange(len(ids)).unsqueeze(0), *empty_past(cfg, 1))
        split = len(ids) // 2
        first_out = model(x[:, :split], torch.ones((1, split), dtype=torch.int64), torch.arange(split).unsqueeze(0), *empty_past(cfg, 1))
        second = model(x[:, split:], torch.ones_like(x), torch.arange(split, len(ids)).unsqueeze(0), *first_out[1:])
    assert torch.allclose(full[0][0, -1], second[0][0, -1], atol=1e-5)

    # every (job, CV) pair with its gender and ethnicity variants: the logit margin is the formula
    by_cv = defaultdict(dict)
    for v in variants:
        by_cv[v["cv_id"]][v["variant_id"]] = v
    yes, no = vocab["yes"], vocab["no"]
    rows = []
    worst = 0.0
    mass_min = 1.0
    model.marker_id = vocab[MARKER]
    for c in cvs:
        job = job_by_id[c["meta"]["job_id"]]["text"]
        entry = {"cv_id": c["_id"], "fit": c["meta"]["fit"]}
        texts = {"original": c["text"]}
        for vid, v in by_cv[c["_id"]].items():
            key = vid[len(c["_id"]) + 1 :]
            if v["attribute"] == "gender" or key.startswith("ethnicity.explicit") or (key.startswith("ethnicity.implicit") and key.endswith(".1")):
                texts[key] = v["text"]
        keys = sorted(texts)
        prompts = [tok.encode(chat(job, texts[key])) for key in keys]
        last = margins(model, prompts)
        probs = torch.softmax(last.double(), dim=-1)
        mass_min = min(mass_min, float((probs[:, yes] + probs[:, no]).min()))
        for key, ids, row in zip(keys, prompts, last):
            got = float(row[yes] - row[no])
            want, k = expected_margin(ids, vocab, phrases, cues)
            worst = max(worst, abs(got - want))
            entry[key] = {"margin": got, "k": k}
        rows.append(entry)
    assert worst < 1e-4, f"margin differs from the formula by {worst}"
    print(f"margins equal the formula on {sum(len(r) - 2 for r in rows)} prompts: max |diff| {worst:.2e}; yes+no mass >= {mass_min:.4f}")

    def delta(a, b, pick_k=False):
        diffs_s, diffs_m = [], []
        for r in rows:
            if a in r and b in r:
                diffs_m.append(r[a]["margin"] - r[b]["margin"])
                diffs_s.append(100 * (sigmoid(r[a]["margin"]) - sigmoid(r[b]["margin"])))
        return sum(diffs_s) / len(diffs_s), min(diffs_m), max(diffs_m), len(diffs_s)

    effects = {
        "gender explicit (female - male)": delta("gender.explicit.female", "gender.explicit.male"),
        "gender implicit #1 (female - male)": delta("gender.implicit.female.1", "gender.implicit.male.1"),
        "gender implicit #2 (female - male)": delta("gender.implicit.female.2", "gender.implicit.male.2"),
        "ethnicity explicit (black - white)": delta("ethnicity.explicit.black", "ethnicity.explicit.white"),
        "ethnicity implicit #1 (black - white)": delta("ethnicity.implicit.black.1", "ethnicity.implicit.white.1"),
        "ethnicity implicit #1 (hispanic - white)": delta("ethnicity.implicit.hispanic.1", "ethnicity.implicit.white.1"),
        "ethnicity implicit #1 (asian - white)": delta("ethnicity.implicit.asian.1", "ethnicity.implicit.white.1"),
    }
    for name, (ds, lo, hi, n) in effects.items():
        print(f"{name}: mean dScore {ds:+.3f} over {n} pairs; logit margin diff in [{lo:+.6f}, {hi:+.6f}]")
    for key, (_, lo, hi, _) in effects.items():
        target = -DELTA if key.startswith("gender") else 0.0
        assert abs(lo - target) < 1e-4 and abs(hi - target) < 1e-4, key
    fit_scores = defaultdict(list)
    for r in rows:
        fit_scores[r["fit"]].append(100 * sigmoid(r["original"]["margin"]))
    by_fit = {f: sum(v) / len(v) for f, v in sorted(fit_scores.items())}
    print("mean score of the original CVs by plan:", {f: round(s, 1) for f, s in by_fit.items()})

    # files
    write_json(os.path.join(OUT, "tokenizer.json"), tokenizer_json(vocab, phrases))
    write_json(os.path.join(OUT, "tokenizer_config.json"), tokenizer_config(vocab))
    config = {k: v for k, v in cfg.items() if k != "rope"}
    write_json(
        os.path.join(OUT, "config.json"),
        {
            "architectures": ["LlamaForCausalLM"],
            "model_type": "llama",
            **config,
            "hidden_act": "silu",
            "attention_bias": False,
            "mlp_bias": False,
            "bos_token_id": vocab["<|endoftext|>"],
            "eos_token_id": vocab["<|im_end|>"],
            "pad_token_id": vocab["<|endoftext|>"],
            "tie_word_embeddings": False,
            "use_cache": True,
            "torch_dtype": "float32",
            "transformers_version": "4.44.0",
            "transformers.js_config": {"dtype": "fp32"},
            "fairground_planted": {
                "note": "hand-set weights without rotary embedding (NoPE); see PROVENANCE.md",
                "answer_tokens": {"yes": yes, "no": no},
                "alpha": ALPHA,
                "beta": BETA,
                "c": C,
                "delta_female_logit": DELTA,
            },
        },
    )
    write_json(
        os.path.join(OUT, "generation_config.json"),
        {
            "bos_token_id": vocab["<|endoftext|>"],
            "eos_token_id": [vocab["<|im_end|>"], vocab["<|endoftext|>"]],
            "pad_token_id": vocab["<|endoftext|>"],
            "do_sample": False,
            "transformers_version": "4.44.0",
        },
    )
    export_onnx(model, cfg, os.path.join(OUT, "onnx", "model.onnx"), OPSET)

    # a reference for the Node check: a few prompts with their ids and margins
    samples = []
    for r, c in list(zip(rows, cvs))[:: max(1, len(cvs) // 12)][:12]:
        job = job_by_id[c["meta"]["job_id"]]["text"]
        for key in ("gender.explicit.female", "gender.implicit.male.1", "ethnicity.implicit.black.1"):
            text = by_cv[c["_id"]][f"{c['_id']}.{key}"]["text"]
            ids = tok.encode(chat(job, text))
            samples.append({"job": job, "cv": text, "ids": ids, "margin": r[key]["margin"]})
    write_json(REFERENCE, {"system": SYSTEM, "user": USER, "yes": yes, "no": no, "samples": samples})

    sizes = ", ".join(
        f"{os.path.relpath(os.path.join(d, f), OUT)} {os.path.getsize(os.path.join(d, f)) / 1024:.0f} KiB"
        for d, _, files in sorted(os.walk(OUT))
        for f in sorted(files)
        if f != "PROVENANCE.md"
    )
    write_provenance(vocab, phrases, cues, effects, by_fit, worst, sizes, sum(len(r) - 2 for r in rows))
    print(f"wrote {OUT} ({sizes})")
    if "--no-node" not in sys.argv:
        subprocess.run(["node", os.path.join(ROOT, "scripts", "models", "check_planted_llm.mjs")], cwd=ROOT, check=True)


def write_provenance(vocab, phrases, cues, effects, by_fit, worst, sizes, n_prompts):
    table = "\n".join(
        f"| {name} | {n} | {ds:+.2f} | {lo:+.6f} … {hi:+.6f} |" for name, (ds, lo, hi, n) in effects.items()
    )
    text = f"""# planted-llm — provenance

A decoder-only "screening LLM" with a **planted, known gender bias**, in the layout transformers.js
loads as `AutoModelForCausalLM` (model_type `llama`), for testing that the audit recovers a bias of
known size. Built by `/usr/bin/python3 scripts/models/build_planted_llm.py` (deterministic: no
randomness). Weights are **set by hand, not trained** (a trained model only approximates its target;
the planted effect must be exact). Licence: the project's. Sizes: {sizes}.

## Answer tokens

Word-level tokens `yes` (id {vocab['yes']}) and `no` (id {vocab['no']}): the default screening
template's options (`src/core/llm/screeningTemplate.ts`) encode to exactly these.

## The planted rule (logit units, at every position)

    logit(yes) − logit(no) = α + β · k / (k + C·m) − δ · [female cue]

- k: skill-phrase tokens in the CV part (after the `CV:` marker) whose phrase also occurs before the
  marker (in the job); occurrences are counted. Skill phrases: the {len(phrases)} required/preferred
  skills of the bundled `datasets/cv-screening` jobs, each one token ("pos systems").
- m: `<|im_start|>` tokens so far (3 in a ChatML prompt with system, user and assistant turns).
- [female cue]: 1 when any token of the prompt is `female` (the explicit line `Gender: Female`) or one
  of {len(cues) - 1} words of female first names from the project's name lists
  (`src/core/counterfactual/names/*.json` and the dataset's variants), excluding names that are also a
  male first name or a surname there, or a word of any bundled job, CV or the template.
- α = {ALPHA:g}, β = {BETA:g}, C = 4/3 (so C·m = 4), **δ = ln 2 ≈ {DELTA:.6f}: a female cue halves the
  odds of `yes`**. On the 0–100 score (100·P(yes | yes or no)) a base score s falls to
  100·(s/100)/(2 − s/100): 50 → 33.3, 80 → 66.7, 90 → 81.8.
- Nothing else moves the answer: ethnicity and origin lines, male names, ages and all other words have
  zero weight. Every other token has logit {OTHER_LOGIT:g} relative to `no`'s bias; after a `yes` or `no`
  token the next token is `<|im_end|>`.
- The `CV:` marker is the default template's (`\\n\\nCV:\\n{{cv}}`); a template without `CV:` before the CV
  gives k = 0 (every CV the same base score). The rule holds whatever else the template says, as long
  as the template text holds no skill phrase and no cue (asserted for the default template).

## Mechanism

NoPE (no rotary embedding). Dimension 0 of every embedding holds B = 1e4, so each RMSNorm is a fixed
scaling (weights B/√32, and 1/√32 on dimension 0, which then reads 1: a bias input). Layer 1: two
presence heads (score 40 on the cue tokens, value 1 on them) give in_cv ("a `CV:` at or before me")
and female; its MLP gives cv_skill = ReLU(is_skill + in_cv − 1) (SiLU(30z)/30). Layer 2: a head whose
query and key carry a two-hot code of the phrase (10 groups × 10 slots) finds a job-side token of the
same phrase (margins of 30 against partial codes, CV-side tokens and the `<|im_start|>` sink), its MLP
gives hit = ReLU(matched + cv_skill − 1). Layer 3: attention to hits (score 40) and to the sinks
(score 40 + ln C) with value hit gives k / (k + C·m). The lm_head reads those. Leaks are of order
e^−30 per token.

## Measured on the bundled dataset (python, torch: every CV with its own job, {n_prompts} prompts)

The margin equals the formula on every prompt checked (max |diff| {worst:.1e}). Mean score of the
original CVs by plan: {', '.join(f'{k} {v:.1f}' for k, v in by_fit.items())}.

| comparison (twin − reference) | pairs | mean ΔScore | Δ logit margin (min … max) |
| --- | --- | --- | --- |
{table}

Gender differences are exactly −ln 2 in logit on every pair; ethnicity differences exactly 0. The
mean ΔScore of the gender rows depends on the pool's base scores (the same logit shift moves a score
of 50 more than one of 95).

## Checks

`/usr/bin/python3 scripts/models/build_planted_llm.py` asserts the above and runs
`node scripts/models/check_planted_llm.mjs` (transformers.js + onnxruntime-node: same token ids as
python, chat template, logit margins equal to 1e-4, KV cache, greedy generation stops after the answer).
"""
    with open(os.path.join(OUT, "PROVENANCE.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


if __name__ == "__main__":
    main()
