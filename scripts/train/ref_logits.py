#!/usr/bin/env python3
"""Write torch reference logits for a fixed (query, context) pair, for check_xenova.mjs.
usage: ref_logits.py --ckpt ckpt/latte_v1/model.pt --vocab vocab.txt --out ref_latte_v1.json"""
import argparse, json, os, sys
import torch
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Bert
from train import encode_pair
from wp import WordPiece, split_words

QUERY = "When were the Normans in Normandy?"
CONTEXT = ("The Normans (Norman: Nourmands; French: Normands) were the people who in the 10th and 11th centuries "
           "gave their name to Normandy, a région in France. Café owners, naïvely, said: \"It's 42.5% cheaper!\" "
           "PostgreSQL's VACUUM command reclaims storage occupied by dead tuples; see vacuumdb(1).")

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True); ap.add_argument("--vocab", required=True); ap.add_argument("--out", required=True)
    a = ap.parse_args()
    st = torch.load(a.ckpt, map_location="cpu")
    m = Bert(st["config"]); m.load_state_dict(st["model"]); m.eval()
    tok = WordPiece.load(a.vocab)
    wq = st.get("task", "latte") == "latte"
    words = split_words(CONTEXT)
    ids, types, _ = encode_pair(tok, QUERY if wq else None, words, [0] * len(words), 512, wq)
    with torch.no_grad():
        lg = m(torch.tensor([ids]), torch.ones(1, len(ids), dtype=torch.long), torch.tensor([types]))[0]
    json.dump({"query": QUERY if wq else None, "context": CONTEXT, "words": words, "input_ids": ids,
               "token_type_ids": types, "logits": lg.tolist()}, open(a.out, "w"))
    print("wrote", a.out, len(ids), "tokens")
