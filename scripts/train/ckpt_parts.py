#!/usr/bin/env python3
"""Move a trained token classifier between machines in pieces small enough for the GPU
machine's file transfer (16 MiB a file): fp16, MLM head dropped.

  ckpt_parts.py pack   --ckpt ckpt/latte_v1/model.pt --out OUT/latte_v1   # OUT/latte_v1.partK.pt
  ckpt_parts.py unpack --parts 'OUT/latte_v1.part*.pt' --out ckpt/latte_v1/model.pt
"""
import argparse, glob, os, sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Bert
from train import tload

PART_BYTES = 15 * 1024 * 1024


def pack(a):
    st = tload(a.ckpt)
    meta = {k: v for k, v in st.items() if k not in ("model", "opt")}
    parts, cur, size = [], {}, 0
    for k, v in st["model"].items():
        if k.startswith("mlm_"):
            continue
        v = v.half() if v.is_floating_point() else v
        n = v.numel() * v.element_size()
        if cur and size + n > PART_BYTES:
            parts.append(cur); cur, size = {}, 0
        cur[k] = v; size += n
    parts.append(cur)
    for i, p in enumerate(parts):
        torch.save({"meta": meta, "part": i, "of": len(parts), "tensors": p}, f"{a.out}.part{i}.pt")
    print(f"{a.ckpt} -> {len(parts)} parts", flush=True)


def unpack(a):
    files = sorted(glob.glob(a.parts))
    loaded = [tload(f) for f in files]
    assert loaded and len(loaded) == loaded[0]["of"], f"expected {loaded[0]['of'] if loaded else '?'} parts, got {len(files)}"
    meta = loaded[0]["meta"]
    sd = {k: v.float() if v.is_floating_point() else v for p in loaded for k, v in p["tensors"].items()}
    model = Bert(meta["config"])
    missing, unexpected = model.load_state_dict(sd, strict=False)
    assert not unexpected and all(k.startswith("mlm_") for k in missing), (missing, unexpected)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    torch.save({**meta, "model": model.state_dict()}, a.out)
    print(f"{len(files)} parts -> {a.out}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["pack", "unpack"])
    ap.add_argument("--ckpt"); ap.add_argument("--parts"); ap.add_argument("--out", required=True)
    a = ap.parse_args()
    pack(a) if a.cmd == "pack" else unpack(a)


if __name__ == "__main__":
    main()
