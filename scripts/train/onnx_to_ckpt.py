#!/usr/bin/env python3
"""Rebuild a trainable checkpoint from a bundled model's served ONNX file, so a later session can
continue training (or distil from) the committed model without the original checkpoint, which is
never committed. int8 weights are dequantized (per-column / per-row scales, see
export_onnx.quantize_weights): the result matches the served model, not the fp32 one exactly.

  onnx_to_ckpt.py --model models/latte_v1 --out ckpt/latte_v1/model.pt
"""
import argparse, json, os, sys

import numpy as np
import onnx
import torch
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Bert, PRESETS, make_config

PREFIX = "m."  # export_onnx wraps the model as `m`


def module_path(node_name):
    """'/m/layers.0/qkv/MatMul' -> 'layers.0.qkv'."""
    parts = [p for p in node_name.split("/") if p]
    return ".".join(parts[1:-1])


def weights_from_onnx(path):
    g = onnx.load(path).graph
    arr = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    sd = {}
    for name, a in arr.items():
        if name.startswith(PREFIX):
            sd[name[len(PREFIX):]] = a.astype(np.float32)
    for n in g.node:
        if n.op_type == "MatMulInteger":  # int8 Linear: W [in, out] = Wq * column scale
            base = n.name[: -len("_mmi")]
            w = arr[base + "_Wq"].astype(np.float32) * arr[base + "_Ws"][None, :]
            sd[module_path(base) + ".weight"] = w.T
        elif n.op_type == "Gather" and n.name.endswith("_gq"):  # int8 embedding: row scale
            base = n.name[: -len("_gq")]
            sd[module_path(base) + ".weight"] = arr[base + "_Eq"].astype(np.float32) * arr[base + "_Es"][:, None]
        elif n.op_type == "MatMul" and n.input[1] in arr:  # Linear left in fp32 (too small to quantize)
            sd[module_path(n.name) + ".weight"] = arr[n.input[1]].astype(np.float32).T
    return {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in sd.items()}


def preset_of(cfg):
    keys = ("num_hidden_layers", "hidden_size", "num_attention_heads", "intermediate_size")
    for name, p in PRESETS.items():
        if all(p[k] == cfg[k] for k in keys):
            return name
    raise SystemExit(f"no preset matches {cfg}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True, help="models/<id> folder (config.json + onnx/)")
    ap.add_argument("--file", default="onnx/model_quantized.onnx")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    hf = json.load(open(os.path.join(a.model, "config.json")))
    cfg = make_config(preset_of(hf), hf["vocab_size"], hf["max_position_embeddings"])
    model = Bert(cfg)
    missing, unexpected = model.load_state_dict(weights_from_onnx(os.path.join(a.model, a.file)), strict=False)
    assert not unexpected and all(k.startswith("mlm_") for k in missing), (missing, unexpected)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    torch.save({"model": model.state_dict(), "config": cfg, "step": 0, "source": os.path.join(a.model, a.file)}, a.out)
    print(f"{a.model} ({cfg['preset']}) -> {a.out}", flush=True)


if __name__ == "__main__":
    main()
