#!/usr/bin/python3
"""Build the tiny named-entity test model (issue 46's optional second opinion), deterministically.

Writes, in the Hugging Face Hub file layout that the mock Hub serves 1:1
(/{org}/{name}/resolve/{revision}/{file}):

  test/fixtures/models/hub/fairground-test/tiny-ner/
      config.json            model_type "bert", BertForTokenClassification,
                             id2label {0: O, 1: B-PER, 2: I-PER}
      tokenizer.json         the tiny BERT's WordPiece tokenizer (lower-casing) with three invented
                             name words appended to its vocabulary (ids 997, 998, 999)
      tokenizer_config.json  the tiny BERT's
      onnx/model.onnx        fp32: logits[b, s, 3] = Gather(table, input_ids) * attention_mask
                             (+ 0 * token_type_ids, so the graph takes the three inputs
                             transformers.js feeds a BERT model)

The table is written by hand, not learnt: every token reads `O` (logits 4, 0, 0) but the invented
words `zorvath` (B-PER), `quillane` (I-PER) and `brindlemoor` (B-PER) (logits 0, 6, 0 or
0, 0, 6). So with aggregation "simple" the pipeline reads "Zorvath Quillane" as one person and
"Brindlemoor" as another, and nothing else: a test can say exactly what the model will find.

Usage: /usr/bin/python3 scripts/models/build_tiny_ner.py   (repository root; needs python3-onnx, python3-numpy)
"""

import json
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HUB = os.path.join(ROOT, "test", "fixtures", "models", "hub", "fairground-test")
SOURCE = os.path.join(HUB, "tiny-bert-embed")
OUT = os.path.join(HUB, "tiny-ner")

LABELS = ["O", "B-PER", "I-PER"]
# invented words, in no name list of the project: what the tiny model reads as a person's name
NAME_WORDS = {"zorvath": "B-PER", "quillane": "I-PER", "brindlemoor": "B-PER"}
OPSET = 14
IR_VERSION = 8


def write_json(path, value):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(value, f, ensure_ascii=False, indent=2)
        f.write("\n")


def tokenizer():
    """The tiny BERT's tokenizer with NAME_WORDS appended to its WordPiece vocabulary."""
    with open(os.path.join(SOURCE, "tokenizer.json"), encoding="utf-8") as f:
        tok = json.load(f)
    vocab = tok["model"]["vocab"]
    for word in NAME_WORDS:
        if word not in vocab:
            vocab[word] = len(vocab)
    return tok


def graph(vocab_size, ids):
    table = np.zeros((vocab_size, len(LABELS)), dtype=np.float32)
    table[:, 0] = 4.0
    for word, label in NAME_WORDS.items():
        table[ids[word], :] = 0.0
        table[ids[word], LABELS.index(label)] = 6.0
    inits = [
        numpy_helper.from_array(table, "table"),
        numpy_helper.from_array(np.array([-1], dtype=np.int64), "last_axis"),
        numpy_helper.from_array(np.array(0.0, dtype=np.float32), "zero"),
    ]
    nodes = [
        helper.make_node("Gather", ["table", "input_ids"], ["raw"], axis=0),
        helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask_f", "last_axis"], ["mask3"]),
        helper.make_node("Mul", ["raw", "mask3"], ["masked"]),
        helper.make_node("Cast", ["token_type_ids"], ["types_f"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["types_f", "last_axis"], ["types3"]),
        helper.make_node("Mul", ["types3", "zero"], ["nothing"]),
        helper.make_node("Add", ["masked", "nothing"], ["logits"]),
    ]
    dims = ["batch_size", "sequence_length"]
    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, dims) for n in ("input_ids", "attention_mask", "token_type_ids")]
    outputs = [helper.make_tensor_value_info("logits", TensorProto.FLOAT, dims + [len(LABELS)])]
    g = helper.make_graph(nodes, "fairground_tiny_ner", inputs, outputs, inits)
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="fairground build_tiny_ner.py")
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    return model


def main():
    os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
    tok = tokenizer()
    vocab = tok["model"]["vocab"]
    write_json(os.path.join(OUT, "tokenizer.json"), tok)
    with open(os.path.join(SOURCE, "tokenizer_config.json"), encoding="utf-8") as f:
        write_json(os.path.join(OUT, "tokenizer_config.json"), json.load(f))
    write_json(os.path.join(OUT, "config.json"), {
        "architectures": ["BertForTokenClassification"],
        "model_type": "bert",
        "vocab_size": len(vocab),
        "id2label": {str(i): l for i, l in enumerate(LABELS)},
        "label2id": {l: i for i, l in enumerate(LABELS)},
        "max_position_embeddings": 128,
        "pad_token_id": 0,
        "torch_dtype": "float32",
        "transformers_version": "4.44.0",
    })
    onnx.save(graph(len(vocab), vocab), os.path.join(OUT, "onnx", "model.onnx"))
    for root, _, files in sorted(os.walk(OUT)):
        for name in sorted(files):
            path = os.path.join(root, name)
            print(f"{os.path.relpath(path, ROOT)}  {os.path.getsize(path):,} bytes")


if __name__ == "__main__":
    main()
