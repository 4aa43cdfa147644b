"""Plain-PyTorch BERT encoder (post-LN, GELU, learned positions) with an MLM head and a
token-classification head. Parameter names follow Hugging Face BERT where convenient.
Attention dropout is 0 (it costs ~20% of CPU step time and is not needed at this scale)."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

PRESETS = {
    # name: layers, hidden, heads, intermediate
    "tiny": dict(num_hidden_layers=1, hidden_size=64, num_attention_heads=2, intermediate_size=128),
    "small": dict(num_hidden_layers=2, hidden_size=128, num_attention_heads=2, intermediate_size=512),
    "mini": dict(num_hidden_layers=2, hidden_size=96, num_attention_heads=2, intermediate_size=384),
    "base": dict(num_hidden_layers=4, hidden_size=192, num_attention_heads=4, intermediate_size=768),
    "large": dict(num_hidden_layers=4, hidden_size=256, num_attention_heads=4, intermediate_size=1024),
    # GPU presets (trained on the lent H100)
    "medium": dict(num_hidden_layers=6, hidden_size=384, num_attention_heads=6, intermediate_size=1536),
}


def make_config(preset, vocab_size, max_position_embeddings=512):
    c = dict(PRESETS[preset])
    c.update(vocab_size=vocab_size, max_position_embeddings=max_position_embeddings, type_vocab_size=3,
             hidden_dropout_prob=0.1, attention_probs_dropout_prob=0.0, layer_norm_eps=1e-12, num_labels=2,
             hidden_act="gelu", initializer_range=0.02, preset=preset)
    return c


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        h = c["hidden_size"]
        self.nh = c["num_attention_heads"]
        self.qkv = nn.Linear(h, 3 * h)
        self.attn_out = nn.Linear(h, h)
        self.ln1 = nn.LayerNorm(h, eps=c["layer_norm_eps"])
        self.ff1 = nn.Linear(h, c["intermediate_size"])
        self.ff2 = nn.Linear(c["intermediate_size"], h)
        self.ln2 = nn.LayerNorm(h, eps=c["layer_norm_eps"])
        self.drop = nn.Dropout(c["hidden_dropout_prob"])

    def forward(self, x, bias):
        B, T, H = x.shape
        d = H // self.nh
        q, k, v = self.qkv(x).view(B, T, 3, self.nh, d).permute(2, 0, 3, 1, 4)
        if x.is_cuda and hasattr(F, "scaled_dot_product_attention"):
            # fused kernel on GPU (torch >= 2); same math as below, which is what ONNX export traces
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias.to(q.dtype))
        else:
            att = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(d) + bias
            att = torch.softmax(att, dim=-1)
            y = torch.matmul(att, v)
        y = y.transpose(1, 2).reshape(B, T, H)
        x = self.ln1(x + self.drop(self.attn_out(y)))
        return self.ln2(x + self.drop(self.ff2(F.gelu(self.ff1(x)))))


class Bert(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        h = c["hidden_size"]
        self.word = nn.Embedding(c["vocab_size"], h)
        self.pos = nn.Embedding(c["max_position_embeddings"], h)
        self.typ = nn.Embedding(c["type_vocab_size"], h)
        self.ln = nn.LayerNorm(h, eps=c["layer_norm_eps"])
        self.drop = nn.Dropout(c["hidden_dropout_prob"])
        self.layers = nn.ModuleList([Layer(c) for _ in range(c["num_hidden_layers"])])
        # MLM head (decoder tied to word embeddings)
        self.mlm_dense = nn.Linear(h, h)
        self.mlm_ln = nn.LayerNorm(h, eps=c["layer_norm_eps"])
        self.mlm_bias = nn.Parameter(torch.zeros(c["vocab_size"]))
        # token classification head
        self.cls = nn.Linear(h, c["num_labels"])
        self.apply(self._init)

    def _init(self, m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            m.weight.data.normal_(0.0, self.c["initializer_range"])
        if isinstance(m, nn.Linear) and m.bias is not None:
            m.bias.data.zero_()

    def encode(self, input_ids, attention_mask, token_type_ids):
        T = input_ids.shape[1]
        pos = torch.arange(T, device=input_ids.device).unsqueeze(0)
        x = self.word(input_ids) + self.pos(pos) + self.typ(token_type_ids)
        x = self.drop(self.ln(x))
        bias = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * -10000.0
        for l in self.layers:
            x = l(x, bias)
        return x

    def forward(self, input_ids, attention_mask, token_type_ids):
        """Token-classification logits [B, T, num_labels] (what is exported to ONNX)."""
        return self.cls(self.drop(self.encode(input_ids, attention_mask, token_type_ids)))

    def mlm_logits(self, hidden):
        h = self.mlm_ln(F.gelu(self.mlm_dense(hidden)))
        return h @ self.word.weight.t() + self.mlm_bias


def count_params(model, exclude_mlm=True):
    n = 0
    for name, p in model.named_parameters():
        if exclude_mlm and name.startswith("mlm_"):
            continue
        n += p.numel()
    return n
