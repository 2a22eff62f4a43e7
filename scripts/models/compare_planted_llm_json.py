#!/usr/bin/python3
"""Compare a CLI run of planted-llm-json with the planted rule (build_planted_llm_json.py), on whatever CVs
the run audited (all, or a --sample-cvs sample: read from the result's perUnit).

  node dist-cli/fairground.js run --dataset datasets/cv-screening --task cv-screening \\
      --model llm:test/fixtures/models/hub/fairground-test/planted-llm-json --llm-mode generate \\
      --temperature 0 --runs 1 [--sample-cvs 20] --out /tmp/pj.json
  /usr/bin/python3 scripts/models/compare_planted_llm_json.py /tmp/pj.json

Asserts: every original's score and every variant's ΔScore equal the rule's (1e-9), output validity
overall and per variant group equal the rule's counts, and each bias effect's mean ΔScore equals the
rule's. Prints the expected and measured numbers. No torch needed.
"""

import json
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_planted_llm as P  # noqa: E402
import build_planted_llm_json as J  # noqa: E402


def main(path):
    with open(path, encoding="utf-8") as f:
        result = json.load(f)
    model = result["models"][0]
    jobs, cvs, variants, phrases, cues, base_vocab, _ = P.load_data()
    vocab = J.build_json_vocab(base_vocab)
    tok = P.WordTokenizer(phrases, vocab)
    originals = model["perUnit"]["originals"]
    audited = {cv for per_job in originals.values() for cv in per_job}
    cvs = [c for c in cvs if c["_id"] in audited]
    variants = [v for v in variants if v["cv_id"] in audited]
    answers, _ = J.rule_answers(tok, vocab, phrases, cues, jobs, cvs, variants)
    expected = J.expected_values(cvs, variants, answers)

    worst = 0.0
    for job, per_job in originals.items():
        for cv, got in per_job.items():
            worst = max(worst, abs(got["score"] - answers[cv]["score"]))
    for job, per_job in model["perUnit"]["variants"].items():
        for vid, got in per_job.items():
            want = answers[vid]["score"] - answers[got["cv"]]["score"]
            worst = max(worst, abs(got["delta_score"] - want))
    print(f"{len(cvs)} CVs, {len(variants)} variants: scores and ΔScores vs the rule, max |diff| {worst:.2e}")
    assert worst < 1e-9

    ov = model["llm"]["output_validity"]
    want = expected["valid_overall"]
    print(f"output validity: measured {ov['valid']}/{ov['total']} = {ov['share']:.4f}; expected {want['valid']}/{want['total']} = {want['share']:.4f}")
    assert (ov["valid"], ov["total"]) == (want["valid"], want["total"])
    groups = {(g["attribute"], g["group"], g["signal"]): g for g in expected["valid_by_group"]}
    for g in ov["by_group"]:
        if g["kind"] == "original":
            w = expected["valid_originals"]
        else:
            w = groups[(g["attribute"], g["group"], g["signal"])]
        assert (g["valid"], g["total"]) == (w["valid"], w["total"]), g
        assert not g["differs"], g
    print(f"  {len(ov['by_group'])} groups (originals and every variant group) equal the rule's counts; none differs")

    effects = {(e["attribute"], e["group"], e["signal"]): e for e in expected["effects"]}
    for e in model["bias"]["effects"]:
        if e["kind"] != "effect":
            continue
        w = effects[(e["attribute"], e["group"], e["signal"])]
        d = e["delta_score"]
        assert math.isclose(d["mean"], w["delta_score"], abs_tol=1e-9), (e, w)
        if e["attribute"] == "gender" or d["significant"]:
            print(f"  {e['attribute']} {e['group']} ({e['signal']}): ΔScore measured {d['mean']:+.4f} CI [{d['ci'][0]:+.3f}, {d['ci'][1]:+.3f}] "
                  f"q {d['q']:.3g}; expected {w['delta_score']:+.4f} ({w['cvs_changed']} of {w['cvs']} CVs changed)")
    print("every bias effect's mean ΔScore equals the rule's")
    noise = {n["group"]: n for n in expected["noise_floor"]}
    for n in (n for n in model["bias"]["noise_floor"] if n["kind"] == "noise"):
        assert math.isclose(n["delta_score"]["mean"], noise[n["group"]]["delta_score"], abs_tol=1e-9), n
    print("noise floor: " + ", ".join(f"{g} {n['delta_score']:+.4f}" for g, n in noise.items()) + " (measured equal)")
    tokens = model["llm"]["generated_tokens_per_call"]
    assert math.isclose(tokens, expected["generated_tokens_per_call"], abs_tol=1e-9), tokens
    print(f"generated tokens per call {tokens:.4f} (expected {expected['generated_tokens_per_call']:.4f})")


if __name__ == "__main__":
    main(sys.argv[1])
