#!/usr/bin/env python3
"""Export a trained checkpoint to a Hugging Face-layout folder that @xenova/transformers loads
offline:  models/<id>/{config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json,
vocab.txt, onnx/model.onnx, onnx/model_quantized.onnx}

model.onnx: fp32, opset 14, inputs input_ids / attention_mask / token_type_ids (int64, dynamic
batch and sequence), output logits [batch, seq, 2] (0 = DROP, 1 = KEEP).
model_quantized.onnx: dynamic int8 like onnxruntime's quantize_dynamic (QInt8): MatMul weights int8
per output column (symmetric), activations quantized at run time (DynamicQuantizeLinear + MatMulInteger),
embedding tables int8 per row (int8 Gather). About 4x smaller; built with the onnx package only.

usage: export_onnx.py --ckpt ckpt/latte_v1/model.pt --vocab vocab.txt --id latte_v1 --out models/
"""
import argparse, json, os, sys

import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Bert, count_params
from wp import SPECIALS, WordPiece

QUERY_MATCH = ("context words whose match_key is also a match_key of a query word get token_type_id 2 "
               "(other context tokens 1, query and [CLS]/first [SEP] 0). match_key(word) = BertNormalizer "
               "form (lowercase, accents stripped); if longer than 4 chars, strip the first matching suffix of "
               "['ing','ed','es','s','ly'] when at least 3 chars remain; words without a letter or digit never match. "
               "Words = whitespace split, then every punctuation char is its own word (BertPreTokenizer).")


def tokenizer_json(vocab):
    ids = {t: i for i, t in enumerate(vocab)}
    added = [{"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for t in SPECIALS]
    st = lambda t, ty: {"SpecialToken": {"id": t, "type_id": ty}}
    sq = lambda s, ty: {"Sequence": {"id": s, "type_id": ty}}
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added,
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [st("[CLS]", 0), sq("A", 0), st("[SEP]", 0)],
            "pair": [st("[CLS]", 0), sq("A", 0), st("[SEP]", 0), sq("B", 1), st("[SEP]", 1)],
            "special_tokens": {t: {"id": t, "ids": [ids[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")},
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": ids},
    }


def quantize_weights(src, dst, min_elems=4096):
    """Dynamic int8 quantization written with the onnx package only (no onnxruntime needed):
    * MatMul(X, W) with W an initializer -> DynamicQuantizeLinear(X) (uint8) + MatMulInteger(Xq, Wq int8,
      symmetric, zero point 0) + Cast + Mul by (x_scale * per-output-column w_scale)  (= ORT quantize_dynamic's
      QInt8 pattern, which onnxruntime fuses into MatMulIntegerToFloat);
    * Gather(E, ids) with E an embedding initializer -> Gather(Eq int8, ids) * Gather(row_scale, ids)."""
    m = onnx.load(src)
    g = m.graph
    inits = {i.name: i for i in g.initializer}
    out_nodes, new_inits, n_q, used = [], [], 0, set()

    def add_init(arr, name):
        new_inits.append(numpy_helper.from_array(arr, name)); return name

    for n in g.node:
        if n.op_type == "MatMul" and n.input[1] in inits and numpy_helper.to_array(inits[n.input[1]]).size >= min_elems \
                and numpy_helper.to_array(inits[n.input[1]]).ndim == 2:
            w = numpy_helper.to_array(inits[n.input[1]]).astype(np.float32)  # [in, out]
            sc = np.abs(w).max(axis=0); sc = np.where(sc > 0, sc / 127.0, 1.0).astype(np.float32)
            q = np.clip(np.round(w / sc[None, :]), -127, 127).astype(np.int8)
            b = n.name or n.output[0]
            wq = add_init(q, b + "_Wq"); ws = add_init(sc, b + "_Ws"); wz = add_init(np.array(0, np.int8), b + "_Wzp")
            x = n.input[0]
            out_nodes += [
                helper.make_node("DynamicQuantizeLinear", [x], [b + "_Xq", b + "_Xs", b + "_Xzp"], name=b + "_dql"),
                helper.make_node("MatMulInteger", [b + "_Xq", wq, b + "_Xzp", wz], [b + "_Yi"], name=b + "_mmi"),
                helper.make_node("Cast", [b + "_Yi"], [b + "_Yf"], to=TensorProto.FLOAT, name=b + "_cast"),
                helper.make_node("Mul", [b + "_Xs", ws], [b + "_S"], name=b + "_smul"),
                helper.make_node("Mul", [b + "_Yf", b + "_S"], [n.output[0]], name=b + "_ymul"),
            ]
            used.add(n.input[1]); n_q += 1
        elif n.op_type == "Gather" and n.input[0] in inits and numpy_helper.to_array(inits[n.input[0]]).size >= min_elems \
                and all(a.name != "axis" or a.i == 0 for a in n.attribute):
            e = numpy_helper.to_array(inits[n.input[0]]).astype(np.float32)  # [rows, hidden]
            sc = np.abs(e).max(axis=1); sc = np.where(sc > 0, sc / 127.0, 1.0).astype(np.float32)
            q = np.clip(np.round(e / sc[:, None]), -127, 127).astype(np.int8)
            b = n.name or n.output[0]
            eq = add_init(q, b + "_Eq"); es = add_init(sc, b + "_Es"); ax = add_init(np.array([-1], np.int64), b + "_ax")
            out_nodes += [
                helper.make_node("Gather", [eq, n.input[1]], [b + "_Gq"], name=b + "_gq"),
                helper.make_node("Gather", [es, n.input[1]], [b + "_Gs"], name=b + "_gs"),
                helper.make_node("Cast", [b + "_Gq"], [b + "_Gf"], to=TensorProto.FLOAT, name=b + "_gcast"),
                helper.make_node("Unsqueeze", [b + "_Gs", ax], [b + "_Gs2"], name=b + "_gunsq"),
                helper.make_node("Mul", [b + "_Gf", b + "_Gs2"], [n.output[0]], name=b + "_gmul"),
            ]
            used.add(n.input[0]); n_q += 1
        else:
            out_nodes.append(n)
    still = {i for n in out_nodes for i in n.input}
    for name in used:
        if name not in still:
            g.initializer.remove(inits[name])
    g.initializer.extend(new_inits)
    del g.node[:]
    g.node.extend(out_nodes)
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    return n_q


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--vocab", required=True)
    ap.add_argument("--id", required=True)
    ap.add_argument("--out", required=True, help="models/ folder")
    ap.add_argument("--description", default="")
    a = ap.parse_args()
    torch.set_num_threads(2)
    st = torch.load(a.ckpt, map_location="cpu")
    cfg = st["config"]
    model = Bert(cfg)
    model.load_state_dict(st["model"])
    model.eval()
    tok = WordPiece.load(a.vocab)
    d = os.path.join(a.out, a.id)
    os.makedirs(os.path.join(d, "onnx"), exist_ok=True)

    class Wrap(torch.nn.Module):
        def __init__(self, m):
            super().__init__(); self.m = m

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.m(input_ids, attention_mask, token_type_ids)

    ids = torch.randint(5, len(tok.vocab), (2, 16))
    am = torch.ones_like(ids); tt = torch.zeros_like(ids)
    fp32 = os.path.join(d, "onnx", "model.onnx")
    dyn = {"input_ids": {0: "batch_size", 1: "sequence_length"}, "attention_mask": {0: "batch_size", 1: "sequence_length"},
           "token_type_ids": {0: "batch_size", 1: "sequence_length"}, "logits": {0: "batch_size", 1: "sequence_length"}}
    torch.onnx.export(Wrap(model), (ids, am, tt), fp32, opset_version=14, input_names=["input_ids", "attention_mask", "token_type_ids"],
                      output_names=["logits"], dynamic_axes=dyn, do_constant_folding=True)
    nq = quantize_weights(fp32, os.path.join(d, "onnx", "model_quantized.onnx"))

    task = st.get("task", "latte")
    config = {
        "_name_or_path": a.id, "model_type": "bert", "architectures": ["BertForTokenClassification"],
        "vocab_size": cfg["vocab_size"], "hidden_size": cfg["hidden_size"], "num_hidden_layers": cfg["num_hidden_layers"],
        "num_attention_heads": cfg["num_attention_heads"], "intermediate_size": cfg["intermediate_size"],
        "hidden_act": "gelu", "hidden_dropout_prob": cfg["hidden_dropout_prob"],
        "attention_probs_dropout_prob": cfg["attention_probs_dropout_prob"],
        "max_position_embeddings": cfg["max_position_embeddings"], "type_vocab_size": 3, "initializer_range": 0.02,
        "layer_norm_eps": cfg["layer_norm_eps"], "pad_token_id": tok.pad, "position_embedding_type": "absolute",
        "id2label": {"0": "DROP", "1": "KEEP"}, "label2id": {"DROP": 0, "KEEP": 1},
        "crema": {
            "id": a.id, "task": task, "description": a.description,
            "accepts_query": task == "latte",
            "window_pieces": cfg["max_position_embeddings"], "max_query_pieces": 48,
            "input_format": ("[CLS] query [SEP] context [SEP]" if task == "latte" else "[CLS] context [SEP]"),
            "token_type_ids": ({"query_and_first_specials": 0, "context": 1, "context_word_in_query": 2, "final_sep": 1}
                               if task == "latte" else {"all": 0}),
            "query_match": QUERY_MATCH if task == "latte" else None,
            "word_score": "mean KEEP probability (softmax of logits) over the word's pieces",
            "params": count_params(model), "preset": cfg.get("preset"),
            "training": {k: st.get(k) for k in ("step", "tokens_seen", "train_secs")},
            "quantized": f"dynamic int8: {nq} MatMul/Gather weights int8 (per output column / per row), uint8 activations via DynamicQuantizeLinear + MatMulInteger",
        },
    }
    json.dump(config, open(os.path.join(d, "config.json"), "w"), indent=2)
    json.dump(tokenizer_json(tok.vocab), open(os.path.join(d, "tokenizer.json"), "w"), ensure_ascii=False)
    json.dump({"do_lower_case": True, "model_max_length": 512, "tokenizer_class": "BertTokenizer",
               "cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]", "unk_token": "[UNK]",
               "mask_token": "[MASK]", "strip_accents": None, "tokenize_chinese_chars": True,
               "clean_up_tokenization_spaces": True}, open(os.path.join(d, "tokenizer_config.json"), "w"), indent=2)
    json.dump({"cls_token": "[CLS]", "sep_token": "[SEP]", "pad_token": "[PAD]", "unk_token": "[UNK]", "mask_token": "[MASK]"},
              open(os.path.join(d, "special_tokens_map.json"), "w"), indent=2)
    tok.save(os.path.join(d, "vocab.txt"))
    # reference output for the JS check: a fixed (query, context) pair
    sizes = {f: round(os.path.getsize(os.path.join(d, "onnx", f)) / 1e6, 2) for f in os.listdir(os.path.join(d, "onnx"))}
    print(json.dumps({"id": a.id, "params": count_params(model), "onnx_mb": sizes, "quantized_tensors": nq}))


if __name__ == "__main__":
    main()
