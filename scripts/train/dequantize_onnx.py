#!/usr/bin/python3
"""Writes the fp32 twin of a served int8 model (export_onnx.quantize_weights inverted): every
DynamicQuantizeLinear + MatMulInteger + Cast + Mul + Mul group becomes one MatMul on the
dequantized weights (Wq * column scale), every int8 embedding Gather one Gather on Eq * row scale.
The weights are those the int8 model serves, so both files make the same decisions up to the
activation rounding; the server times both at start-up and serves the faster (served-format.ts).

  dequantize_onnx.py models/latte_v2/onnx/model_quantized.onnx models/latte_v2/onnx/model.onnx
"""
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper


def dequantize(src, dst):
    m = onnx.load(src)
    g = m.graph
    arr = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    groups = {}
    for n in g.node:
        for suffix in ("_dql", "_mmi", "_cast", "_smul", "_ymul", "_gq", "_gs", "_gcast", "_gunsq", "_gmul"):
            if n.name.endswith(suffix):
                groups.setdefault(n.name[: -len(suffix)], {})[suffix] = n
                break
    out, new_inits, dropped = [], [], set()
    for n in g.node:
        base = next((n.name[: -len(s)] for s in ("_dql", "_mmi", "_cast", "_smul", "_ymul", "_gq", "_gs", "_gcast", "_gunsq", "_gmul") if n.name.endswith(s)), None)
        group = groups.get(base) if base else None
        if group is None:
            out.append(n)
            continue
        if n.name.endswith("_dql"):  # emit the MatMul where the group started
            w = arr[base + "_Wq"].astype(np.float32) * arr[base + "_Ws"][None, :]
            new_inits.append(numpy_helper.from_array(w.astype(np.float32), base + "_W"))
            out.append(helper.make_node("MatMul", [n.input[0], base + "_W"], [group["_ymul"].output[0]], name=base))
            dropped.update([base + "_Wq", base + "_Ws", base + "_Wzp"])
        elif n.name.endswith("_gq"):
            e = arr[base + "_Eq"].astype(np.float32) * arr[base + "_Es"][:, None]
            new_inits.append(numpy_helper.from_array(e.astype(np.float32), base + "_E"))
            out.append(helper.make_node("Gather", [base + "_E", n.input[1]], [group["_gmul"].output[0]], name=base))
            dropped.update([base + "_Eq", base + "_Es", base + "_ax"])
    keep = [i for i in g.initializer if i.name not in dropped]
    del g.initializer[:]
    g.initializer.extend(keep + new_inits)
    del g.node[:]
    g.node.extend(out)
    onnx.checker.check_model(m)
    onnx.save(m, dst)


if __name__ == "__main__":
    dequantize(sys.argv[1], sys.argv[2])
