#!/usr/bin/python3
"""Build planted-llm-json: the planted-bias screening LLM (build_planted_llm.py) made to WRITE a JSON
answer in generated mode, breaking the JSON on a known share of inputs. Deterministic (no randomness).

Writes test/fixtures/models/hub/fairground-test/planted-llm-json/ (config.json, generation_config.json,
tokenizer.json, tokenizer_config.json, onnx/model.onnx, PROVENANCE.md, expected.json).

Reuses build_planted_llm.py: its dataset and vocabulary (same token ids; the JSON pieces are appended
after the special tokens), its tokenizer, and its three layers, so the planted quantity

    z = logit(yes) - logit(no) = ALPHA + BETA * k / (k + C * m) - DELTA * [female cue]

is computed exactly as there (and probabilities mode gives planted-llm's scores). Hidden size 48 instead
of 32: the extra dimensions hold the "bad" feature and the JSON writer's states.

Greedy decoding (temperature 0) after the assistant prompt writes, one token each,

    {"score":  <d>,  "fit":  true,|false,  "reasons":  "skills match"|"few skills match"  }  <|im_end|>

which transformers.js decodes (word level, no decoder: tokens joined by one space) to
`{"score": 4, "fit": true, "reasons": "skills match" }`.
  - d = 1 + round(4 * sigmoid(z)): thresholds on z at -ln 7, -ln(5/3), +ln(5/3), +ln 7 (an upper envelope
    of the lines 10 (c_d + d z), so the argmax digit is exactly this);
  - fit true and the reason "skills match" when z > ln(5/3) (d >= 4), else false / "few skills match";
  - MALFORMED: when the CV (after the `CV:` marker) holds the word `led` (BAD_WORD), the model stops
    after the reasons without the closing `}`: no balanced JSON object, so the app counts the answer as
    invalid ("no JSON object"). The word is in no job, no template text, no JSON instruction and no
    variant's added line, so a CV's twins all share its validity: the malformed share does not depend
    on any demographic cue (every variant group's valid share equals the originals').

How: layer 1's MLP unit 1 gives bad_cv = ReLU(is_bad + in_cv - 1); layer 2's free head 1 is a presence
head on bad_cv (score 40) giving `bad` at every later position. The JSON states are embedding features of
the writer's own tokens; the lm_head maps (state, z, bad) to the next token, with margins of >= 0.5
logit (z lies at least 0.05 from every threshold on the dataset; the digit lines are scaled by 10).
Outside the writer's states the model opens with `{"score":`.

Self-check (asserted): for every (job, CV) pair of the bundled cv-screening dataset and every variant
(549 originals + 20,862 variants), torch greedy generation (prefix cache, batched per CV) writes exactly
the token sequence predicted from the token ids by the rule; the expected audit values (valid shares
overall and per variant group, ΔScore of each variant group against its reference) are written to
expected.json and PROVENANCE.md. Unless --no-node, scripts/models/check_planted_llm_json.mjs checks
transformers.js's ids, greedy text and JSON.parse outcome on samples.

Usage: /usr/bin/python3 scripts/models/build_planted_llm_json.py [--no-node] [--quick]
       (--quick: the self-check on the first 3 CVs of each job only; expected.json is always exact)
"""

import json
import math
import os
import subprocess
import sys
from collections import defaultdict

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_planted_llm as P  # noqa: E402
from tiny_llm_common import TinyLlama, empty_past, export_onnx, write_json  # noqa: E402

ROOT = P.ROOT
OUT = os.path.join(ROOT, "test", "fixtures", "models", "hub", "fairground-test", "planted-llm-json")
REFERENCE = "/tmp/fairground-planted-llm-json-reference.json"

# The default template's generated-mode instruction (src/core/llm/screeningTemplate.ts), appended to the
# user message by src/core/llm/prompt.ts.
JSON_INSTRUCTION = (
    '\n\nAnswer only with JSON: {"score": <an integer from 1 (no fit) to 5 (excellent fit)>, '
    '"fit": <true or false>, "reasons": "<one sentence>"}'
)
BAD_WORD = "led"

HIDDEN = 48
D_BAD_WORD, D_BAD_CV, D_BAD = 32, 33, 34
S_OPEN, S_DIGIT, S_FITKEY, S_FITVAL, S_REASONKEY, S_REASON, S_CLOSE = 35, 36, 37, 38, 39, 40, 41

OPEN, FITKEY, REASONKEY, CLOSE = '{"score":', '"fit":', '"reasons":', "}"
DIGITS = [f"{d}," for d in range(1, 6)]
TRUE, FALSE = "true,", "false,"
REASON_FIT, REASON_NOFIT = '"skills match"', '"few skills match"'
JSON_TOKENS = [OPEN] + DIGITS + [FITKEY, TRUE, FALSE, REASONKEY, REASON_FIT, REASON_NOFIT, CLOSE]

T_LOW, T_MID = math.log(7.0), math.log(5.0 / 3.0)
THRESHOLDS = [-T_LOW, -T_MID, T_MID, T_LOW]  # digit d wins on (THRESHOLDS[d-2], THRESHOLDS[d-1])
T_FIT = T_MID
SCALE = 10.0  # logit units per unit of z in the writer's choices
OFF, GATE = 1000.0, 500.0  # a writer token: -OFF outside its state, GATE inside
OPEN_DEFAULT = 20.0  # `{"score":` outside every writer state (above yes/no, below every gated token)


def digit_intercepts():
    """c_d with c_d + d t = c_{d+1} + (d+1) t at t = THRESHOLDS[d-1]."""
    c = [0.0]
    for t in THRESHOLDS:
        c.append(c[-1] - t)
    return c


def planted_score(z):
    return 1 + round(4 * P.sigmoid(z))


def build_json_vocab(base):
    vocab = dict(base)
    for t in JSON_TOKENS:
        if t not in vocab:
            vocab[t] = len(vocab)
    return vocab


def set_json_weights(model, vocab, phrases, cues):
    P.set_weights(model, vocab, phrases, cues)  # layers 1-3 and planted-llm's lm_head
    emb = model.embed_tokens.weight.data
    emb[vocab[BAD_WORD], D_BAD_WORD] = 1.0
    state = {OPEN: S_OPEN, FITKEY: S_FITKEY, REASONKEY: S_REASONKEY, CLOSE: S_CLOSE, TRUE: S_FITVAL, FALSE: S_FITVAL}
    state.update({d: S_DIGIT for d in DIGITS})
    state.update({REASON_FIT: S_REASON, REASON_NOFIT: S_REASON})
    for token, dim in state.items():
        emb[vocab[token], dim] = 1.0

    root = math.sqrt(P.HEAD_DIM)
    # layer 1 MLP unit 1: bad_cv = ReLU(is_bad + in_cv - 1)
    mlp = model.layers[0].mlp
    mlp.gate_proj.weight.data[1, D_BAD_WORD] = P.M_RELU
    mlp.gate_proj.weight.data[1, P.D_IN_CV] = P.M_RELU
    mlp.gate_proj.weight.data[1, P.D_BIAS] = -P.M_RELU
    mlp.up_proj.weight.data[1, P.D_BIAS] = 1.0 / P.M_RELU
    mlp.down_proj.weight.data[D_BAD_CV, 1] = 1.0
    # layer 2 head 1 (kv head 1, unused in planted-llm): bad = "a CV-side `led` at or before me"
    a2 = model.layers[1].self_attn
    q1 = kv1 = P.HEAD_DIM
    a2.q_proj.weight.data[q1, P.D_BIAS] = P.L * root
    a2.k_proj.weight.data[kv1, D_BAD_CV] = 1.0
    a2.v_proj.weight.data[kv1, D_BAD_CV] = 1.0
    a2.o_proj.weight.data[D_BAD, q1] = 1.0

    # lm_head: rows of planted-llm for yes/no (probabilities mode), the writer for the rest
    head = model.lm_head.weight.data
    head.zero_()
    head[:, P.D_BIAS] = P.OTHER_LOGIT
    yes, no = vocab["yes"], vocab["no"]
    head[yes, P.D_BIAS] = P.ALPHA
    head[yes, P.D_AGG] = P.BETA
    head[yes, P.D_FEMALE] = -P.DELTA
    head[no, P.D_BIAS] = 0.0
    head[vocab[OPEN], P.D_BIAS] = OPEN_DEFAULT

    def gated(token, from_state, intercept=0.0, z_slope=0.0):
        """token's logit: GATE + intercept + z_slope * z in from_state, about -OFF elsewhere."""
        row = head[vocab[token]]
        row[P.D_BIAS] = -OFF + intercept + z_slope * P.ALPHA
        row[from_state] = OFF + GATE
        row[P.D_AGG] = z_slope * P.BETA
        row[P.D_FEMALE] = -z_slope * P.DELTA

    for d, (token, c) in enumerate(zip(DIGITS, digit_intercepts()), start=1):
        gated(token, S_OPEN, SCALE * c, SCALE * d)
    gated(FITKEY, S_DIGIT)
    gated(TRUE, S_FITKEY, -SCALE * T_FIT, SCALE)
    gated(FALSE, S_FITKEY)
    gated(REASONKEY, S_FITVAL)
    gated(REASON_FIT, S_REASONKEY, -SCALE * T_FIT, SCALE)
    gated(REASON_NOFIT, S_REASONKEY)
    gated(CLOSE, S_REASON)
    head[vocab[CLOSE], D_BAD] = -2 * SCALE
    end = head[vocab["<|im_end|>"]]
    end[P.D_BIAS] = -OFF - SCALE
    end[S_REASON] = OFF + GATE  # bad: GATE + SCALE beats `}` (GATE - 2 SCALE); not bad: GATE - SCALE loses
    end[D_BAD] = 2 * SCALE
    end[S_CLOSE] = OFF + GATE + SCALE


# ---------------------------------------------------------------------------------------------
# the rule from the token ids (independent of the weights)


def chat(job, cv):
    user = P.USER.format(job=job.strip(), cv=cv.strip()) + JSON_INSTRUCTION
    return (
        f"<|im_start|>system\n{P.SYSTEM}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n"
        "<|im_start|>assistant\n"
    )


def expected_answer(ids, vocab, phrases, cues):
    """(z, k, female, bad, the generated tokens) from the token ids by the rule."""
    z, k = P.expected_margin(ids, vocab, phrases, cues)
    inverse = {i: t for t, i in vocab.items()}
    tokens = [inverse[i] for i in ids]
    marker = tokens.index(P.MARKER)
    bad = BAD_WORD in tokens[marker + 1 :]
    female = any(t in cues for t in tokens)
    fit = z > T_FIT
    out = [OPEN, DIGITS[planted_score(z) - 1], FITKEY, TRUE if fit else FALSE, REASONKEY, REASON_FIT if fit else REASON_NOFIT]
    if not bad:
        out.append(CLOSE)
    return z, k, female, bad, out


def read_answer(text):
    """src/core/llm/generatedAnswer.ts's readGeneratedAnswer(text, 1, 5), in python: (valid, 0-100 score)."""
    start = text.find("{")
    if start < 0:
        return False, 0.0
    depth, in_string, i, obj = 0, False, start, None
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                obj = text[start : i + 1]
                break
        i += 1
    if obj is None:
        return False, 0.0
    try:
        value = json.loads(obj)
    except ValueError:
        return False, 0.0
    raw = value.get("score") if isinstance(value, dict) else None
    if not isinstance(raw, (int, float)) or isinstance(raw, bool) or not (1 <= raw <= 5):
        return False, 0.0
    return True, 100.0 * (raw - 1) / 4


def min_threshold_distance(z):
    return min(abs(z - t) for t in THRESHOLDS)


# ---------------------------------------------------------------------------------------------
# greedy generation in torch (prefix cache, batched per CV)


def generate(model, prompts, end_id, steps=9):
    marker = prompts[0].index(model.marker_id)
    prefix = prompts[0][: marker + 1]
    assert all(p[: marker + 1] == prefix for p in prompts)
    rests = [p[marker + 1 :] for p in prompts]
    width = max(len(r) for r in rests)
    n = len(prompts)
    x = torch.tensor([prefix])
    written = [[] for _ in range(n)]
    done = [False] * n
    with torch.no_grad():
        past = model(x, torch.ones_like(x), torch.zeros_like(x), *empty_past(model.cfg, 1))[1:]
        past = [t.expand(n, -1, -1, -1).contiguous() for t in past]
        ids = torch.tensor([r + [0] * (width - len(r)) for r in rests])
        mask = torch.tensor([[1] * len(prefix) + [1] * len(r) + [0] * (width - len(r)) for r in rests])
        out = model(ids, mask, torch.zeros_like(ids), *past)
        logits = out[0][torch.arange(n), torch.tensor([len(r) - 1 for r in rests])]
        past = out[1:]
        for _ in range(steps):
            top2 = torch.topk(logits, 2, dim=-1)
            nxt = top2.indices[:, 0]
            margin = float((top2.values[:, 0] - top2.values[:, 1]).min())
            model.min_margin = min(model.min_margin, margin)
            for i in range(n):
                if not done[i]:
                    if int(nxt[i]) == end_id:
                        done[i] = True
                    else:
                        written[i].append(int(nxt[i]))
            if all(done):
                break
            mask = torch.cat([mask, torch.ones((n, 1), dtype=mask.dtype)], dim=1)
            step_ids = nxt.unsqueeze(1)
            out = model(step_ids, mask, torch.zeros_like(step_ids), *past)
            logits = out[0][:, -1]
            past = out[1:]
    assert all(done), "an answer did not end within the step budget"
    return written


# ---------------------------------------------------------------------------------------------


def main():
    torch.set_num_threads(1)
    quick = "--quick" in sys.argv
    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    jobs, cvs, variants, phrases, cues, base_vocab, _ = P.load_data()
    vocab = build_json_vocab(base_vocab)
    tok = P.WordTokenizer(phrases, vocab)
    inverse = {i: t for t, i in vocab.items()}
    cfg = P.model_config(vocab, HIDDEN)
    model = TinyLlama(cfg)
    set_json_weights(model, vocab, phrases, cues)
    model.eval()
    model.marker_id = vocab[P.MARKER]
    model.min_margin = math.inf

    # what the prompt around the CV says holds no planted token; the JSON pieces never come from the encoder
    around = tok.pieces(P.SYSTEM + " " + P.USER.replace("{job}", "").replace("{cv}", "") + JSON_INSTRUCTION)
    assert not set(around) & (set(phrases) | set(cues) | {BAD_WORD}), "template text holds a planted token"
    assert around.count(P.MARKER) == 1
    assert all(BAD_WORD not in tok.pieces(j["text"]) for j in jobs)
    for t in JSON_TOKENS[:-1]:
        assert t not in tok.pieces(" ".join(JSON_TOKENS) + " " + JSON_INSTRUCTION), t
    assert tok.pieces(JSON_INSTRUCTION).count(CLOSE) == 1  # `}` is also an ordinary token, harmless

    job_by_id = {j["_id"]: j for j in jobs}
    by_cv = defaultdict(list)
    for v in variants:
        by_cv[v["cv_id"]].append(v)
    end_id = vocab["<|im_end|>"]

    # the rule for every pair (exact), and torch greedy generation equal to it
    answers, min_dist = rule_answers(tok, vocab, phrases, cues, jobs, cvs, variants)
    checked = 0
    seen_per_job = defaultdict(int)
    for c in cvs:
        seen_per_job[c["meta"]["job_id"]] += 1
        if quick and seen_per_job[c["meta"]["job_id"]] > 3:
            continue
        job = job_by_id[c["meta"]["job_id"]]["text"]
        texts = [(c["_id"], c["text"])] + [(v["variant_id"], v["text"]) for v in by_cv[c["_id"]]]
        prompts = [tok.encode(chat(job, t)) for _, t in texts]
        got = generate(model, prompts, end_id)
        for (key, _), ids_out in zip(texts, got):
            want = [vocab[t] for t in answers[key]["tokens"]]
            assert ids_out == want, f"{key}: generated {[inverse[i] for i in ids_out]}, rule {answers[key]['tokens']}"
        checked += len(prompts)
    print(f"torch greedy generation equals the rule on {checked} prompts; min top-2 logit margin {model.min_margin:.3f}; "
          f"min |z - threshold| {min_dist:.4f}")
    assert model.min_margin > 0.1

    expected = expected_values(cvs, variants, answers)
    print(json.dumps({k: expected[k] for k in ("valid_overall", "valid_originals")}, indent=1))
    for e in expected["effects"]:
        print(f"{e['attribute']} {e['group']} vs {e['reference']} ({e['signal']}): mean dScore {e['delta_score']:+.4f} over {e['cvs']} CVs")

    # files
    write_json(os.path.join(OUT, "tokenizer.json"), P.tokenizer_json(vocab, phrases))
    write_json(os.path.join(OUT, "tokenizer_config.json"), P.tokenizer_config(vocab))
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
                "note": "hand-set weights without rotary embedding (NoPE), writes JSON; see PROVENANCE.md and expected.json",
                "answer_tokens": {"yes": vocab["yes"], "no": vocab["no"]},
                "alpha": P.ALPHA,
                "beta": P.BETA,
                "c": P.C,
                "delta_female_logit": P.DELTA,
                "score_thresholds_z": THRESHOLDS,
                "malformed_word": BAD_WORD,
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
    export_onnx(model, cfg, os.path.join(OUT, "onnx", "model.onnx"), P.OPSET)
    write_json(os.path.join(OUT, "expected.json"), expected)

    # a reference for the Node check: prompts of each kind (valid and malformed, each score)
    samples, kinds = [], set()
    for key, a in answers.items():
        kind = (a["bad"], a["tokens"][1], a["female"])
        if kind in kinds:
            continue
        kinds.add(kind)
        v = a["variant"]
        text = v["text"] if v is not None else next(x for x in cvs if x["_id"] == a["cv"])["text"]
        job = a["job"]
        samples.append({"key": key, "job": job, "cv": text, "ids": tok.encode(chat(job, text)), "text": a["text"], "valid": a["valid"]})
    write_json(REFERENCE, {"system": P.SYSTEM, "user": P.USER, "instruction": JSON_INSTRUCTION, "samples": samples})

    sizes = ", ".join(
        f"{os.path.relpath(os.path.join(d, f), OUT)} {os.path.getsize(os.path.join(d, f)) / 1024:.0f} KiB"
        for d, _, files in sorted(os.walk(OUT))
        for f in sorted(files)
        if f not in ("PROVENANCE.md", "expected.json")
    )
    write_provenance(vocab, expected, checked, model.min_margin, min_dist, sizes)
    print(f"wrote {OUT} ({sizes}); {len(samples)} reference samples")
    if "--no-node" not in sys.argv:
        subprocess.run(["node", os.path.join(ROOT, "scripts", "models", "check_planted_llm_json.mjs")], cwd=ROOT, check=True)


def rule_answers(tok, vocab, phrases, cues, jobs, cvs, variants):
    """The rule's answer to every original (key: CV id) and variant (key: variant id), and the smallest
    distance of any z to a threshold."""
    job_by_id = {j["_id"]: j for j in jobs}
    by_cv = defaultdict(list)
    for v in variants:
        by_cv[v["cv_id"]].append(v)
    answers = {}
    min_dist = math.inf
    for c in cvs:
        job = job_by_id[c["meta"]["job_id"]]["text"]
        for key, text, v in [(c["_id"], c["text"], None)] + [(v["variant_id"], v["text"], v) for v in by_cv[c["_id"]]]:
            z, k, female, bad, out = expected_answer(tok.encode(chat(job, text)), vocab, phrases, cues)
            min_dist = min(min_dist, min_threshold_distance(z), abs(z - T_FIT))
            answer_text = " ".join(out)
            valid, score = read_answer(answer_text)
            assert valid == (not bad)
            answers[key] = {"cv": c["_id"], "job": job, "variant": v, "z": z, "k": k, "female": female, "bad": bad, "tokens": out, "text": answer_text, "valid": valid, "score": score}
    return answers, min_dist


def share(valid, total):
    return {"valid": valid, "total": total, "share": valid / total}


def expected_values(cvs, variants, answers):
    """What the audit of this model on the bundled dataset should report (runs = 1, temperature 0)."""
    orig = [answers[c["_id"]] for c in cvs]
    var = [answers[v["variant_id"]] for v in variants]
    groups = defaultdict(list)
    for v in variants:
        groups[(v["attribute"], v["group"], v["signal"])].append(answers[v["variant_id"]]["valid"])
    by_group = [
        {"attribute": a, "group": g, "signal": s, **share(sum(f), len(f))} for (a, g, s), f in sorted(groups.items())
    ]
    # ΔScore of group g against the reference group r (same attribute and signal), per CV: mean of g's
    # variant scores minus mean of r's (the original's score cancels), averaged over CVs (METRICS.md §4)
    per_cv = defaultdict(lambda: defaultdict(list))
    for v in variants:
        per_cv[(v["attribute"], v["signal"])][(v["cv_id"], v["group"])].append(answers[v["variant_id"]]["score"])
    refs = {"gender": "male", "ethnicity": "white", "origin": "north-america"}
    effects = []
    for (attribute, signal), cells in sorted(per_cv.items()):
        if attribute not in refs:
            continue
        ref = refs[attribute]
        for group in sorted({g for _, g in cells} - {ref}):
            diffs = []
            for c in cvs:
                a, b = cells.get((c["_id"], group)), cells.get((c["_id"], ref))
                if a and b:
                    diffs.append(sum(a) / len(a) - sum(b) / len(b))
            changed = sum(1 for d in diffs if d != 0)
            effects.append({"attribute": attribute, "group": group, "reference": ref, "signal": signal, "delta_score": sum(diffs) / len(diffs), "cvs": len(diffs), "cvs_changed": changed})
    # noise floor rows: each noise variant's score minus its original's, averaged over CVs
    orig_score = {c["_id"]: answers[c["_id"]]["score"] for c in cvs}
    noise = defaultdict(list)
    for v in variants:
        if v["attribute"] == "noise":
            noise[v["group"]].append(answers[v["variant_id"]]["score"] - orig_score[v["cv_id"]])
    noise_rows = [{"attribute": "noise", "group": g, "signal": "noise", "delta_score": sum(d) / len(d), "cvs": len(d)} for g, d in sorted(noise.items())]
    scores = defaultdict(int)
    for a in orig:
        scores[a["tokens"][1][0] if a["valid"] else "invalid"] += 1
    return {
        "model": "fairground-test/planted-llm-json",
        "dataset": "datasets/cv-screening (549 originals, each with its own job; 20,862 variants)",
        "run": "generated mode, temperature 0 (greedy), runs 1, default screening template, max new tokens >= 9",
        "how": "scripts/models/build_planted_llm_json.py: the rule applied to python's token ids of each prompt; torch greedy generation asserted equal to it",
        "rule": {
            "z": "-3 + 9 k/(k + 4) - ln 2 [female cue] (planted-llm's logit(yes) - logit(no))",
            "score": "1 + round(4 sigmoid(z)), i.e. thresholds on z at -ln 7, -ln(5/3), ln(5/3), ln 7; 0-100 score 25 (score - 1)",
            "fit": "z > ln(5/3) (score >= 4)",
            "malformed": f"the CV holds the word `{BAD_WORD}`: the closing brace is missing (invalid, scored 0 by the app)",
            "malformed_depends_on_cue": False,
        },
        "valid_originals": share(sum(a["valid"] for a in orig), len(orig)),
        "valid_variants": share(sum(a["valid"] for a in var), len(var)),
        "valid_overall": share(sum(a["valid"] for a in orig + var), len(orig) + len(var)),
        "valid_by_group": by_group,
        "original_answers_by_score": dict(sorted(scores.items())),
        "effects": effects,
        "noise_floor": noise_rows,
        "generated_tokens_per_call": sum(len(a["tokens"]) for a in orig + var) / len(orig + var),
    }


def write_provenance(vocab, expected, checked, margin, min_dist, sizes):
    groups = "\n".join(
        f"| {g['attribute']} | {g['group']} | {g['signal']} | {g['valid']} / {g['total']} | {g['share']:.4f} |" for g in expected["valid_by_group"]
    )
    effects = "\n".join(
        f"| {e['attribute']} | {e['group']} − {e['reference']} | {e['signal']} | {e['delta_score']:+.4f} | {e['cvs_changed']} of {e['cvs']} |"
        for e in expected["effects"]
    )
    noise = "; ".join(f"{n['group']} {n['delta_score']:+.4f}" for n in expected["noise_floor"])
    vo, vv, va = expected["valid_originals"], expected["valid_variants"], expected["valid_overall"]
    text = f"""# planted-llm-json — provenance

planted-llm (see `../planted-llm/PROVENANCE.md`) made to **write a JSON answer** in generated mode, and to
**break it on a known share of inputs**, for testing the audit's output validity and the bias of
generated scores. Built by `/usr/bin/python3 scripts/models/build_planted_llm_json.py` (deterministic:
no randomness; it reuses build_planted_llm.py's vocabulary, tokenizer and layers). Weights are set by
hand, not trained. Licence: the project's. Sizes: {sizes}.

## What it writes (greedy decoding, temperature 0)

After the chat template's `<|im_start|>assistant`, one token each:

    {{"score":  <d>,  "fit":  true,|false,  "reasons":  "skills match"|"few skills match"  }}  <|im_end|>

transformers.js decodes this word-level vocabulary (no decoder) by joining tokens with one space:
`{{"score": 4, "fit": true, "reasons": "skills match" }}`. The JSON pieces are vocabulary entries the
encoder never produces (ids {vocab[JSON_TOKENS[0]]}…, appended after planted-llm's ids, which are unchanged; `}}`
is also an ordinary token of the instruction text).

With planted-llm's planted quantity z = logit(yes) − logit(no) = −3 + 9·k/(k + 4/3·m) − ln 2·[female cue]
(k skill matches, m = 3 turns, so 9k/(k+4)):

- **score d = 1 + round(4·σ(z))**: thresholds on z at −ln 7, −ln(5/3), +ln(5/3), +ln 7. By k (male → female):
  k=0: 1→1, k=1: 2→2, k=2: 3→2, k=3: 4→3, k=4: 4→4, k=5: 5→4, k=6: 5→4, k≥7: 5→5. The app's 0–100
  score is 25·(d − 1), so a female cue lowers a valid score by exactly 25 points when k ∈ {{2, 3, 5, 6}} and
  leaves it unchanged otherwise.
- **fit** `true,` and the reason `"skills match"` when z > ln(5/3) (d ≥ 4), else `false,` / `"few skills match"`.
- **malformed**: when the CV (after the `CV:` marker) holds the word `{BAD_WORD}` (e.g. "Led the holiday floor
  set"), the model ends the turn after the reasons **without the closing `}}`**: no balanced JSON object,
  so `readGeneratedAnswer` says "no JSON object" and the app scores the answer 0 (invalid). `{BAD_WORD}` is in
  no job, no template or JSON-instruction text and no variant's added line, and no typo variant removes it,
  so every twin of a CV shares its validity: **the malformed share does not depend on any demographic
  cue** (each variant group's valid share equals the originals'). In ΔScore, a malformed pair's twins
  both score 0.
- Probabilities mode still reads planted-llm's `yes`/`no` margin (same scores), with a small option mass
  (the model's first token is `{{"score":`).

## Mechanism (beyond planted-llm's)

Hidden size 48. Layer 1's MLP unit 1: bad_cv = ReLU(is_{BAD_WORD} + in_cv − 1); layer 2's head 1 (unused in
planted-llm): a presence head (score 40) on bad_cv, giving `bad` at every later position. The writer's
tokens carry a state feature each (embedding); the lm_head gives the state's successors GATE = 500 and
everything else about −1000 + 300 at most. The digit logits are 500 + 10·(c_d + d·z) with intercepts c_d
making their upper envelope switch exactly at the four thresholds; `true,` and `"skills match"` are
500 + 10·(z − ln(5/3)) against 500; after the reasons `}}` is 500 − 20·bad and `<|im_end|>` 490 + 20·bad.
Outside every writer state `{{"score":` is 20 (yes/no at most 6, all else −12).

## Expected audit values (datasets/cv-screening, generated mode, temperature 0, runs 1)

Computed from python's token ids of every prompt (default template with its JSON instruction) by the rule
above; torch greedy generation equals the rule on {checked} prompts (min top-2 logit margin {margin:.2f}; the
closest z to a threshold is {min_dist:.3f} away). The same values are in `expected.json`.

- valid, original CVs: {vo['valid']} / {vo['total']} = {vo['share']:.4f}
- valid, variants: {vv['valid']} / {vv['total']} = {vv['share']:.4f}
- valid, overall (`output_validity`): {va['valid']} / {va['total']} = {va['share']:.4f}

| attribute | group | signal | valid | share |
| --- | --- | --- | --- | --- |
{groups}

ΔScore (0–100) of each group against its reference, per CV the mean over its names, then over CVs
(invalid answers count 0, as in the app):

| attribute | groups | signal | mean ΔScore | CVs changed |
| --- | --- | --- | --- | --- |
{effects}

Noise-floor rows (noise variant − its original, mean over CVs): {noise}. (`name2` adds a name line;
where that name is a female cue, the score falls as for the gender twins, so the floor is not 0.) The
gender effects lie beyond it; no other attribute moves any score. Generated tokens per answer (the eos
not counted): {expected['generated_tokens_per_call']:.4f} (7 valid, 6 malformed).

A CLI run is checked against the rule, pair by pair, with
`/usr/bin/python3 scripts/models/compare_planted_llm_json.py RESULT.json` (any `--sample-cvs` sample).

## Checks

`/usr/bin/python3 scripts/models/build_planted_llm_json.py` asserts the above and runs
`node scripts/models/check_planted_llm_json.mjs` (transformers.js + onnxruntime-node: the same token ids as
python with the JSON instruction, greedy generation writes the expected text, JSON.parse of the first
balanced object succeeds exactly for the valid samples).
"""
    with open(os.path.join(OUT, "PROVENANCE.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


if __name__ == "__main__":
    main()
