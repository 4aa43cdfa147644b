import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
type Tensor = onnxProto.onnx.ITensorProto;
type Node = onnxProto.onnx.INodeProto;

// The protobufjs that onnx-proto's generated code reads with, resolved through onnx-proto itself.
const protobuf = createRequire(createRequire(import.meta.url).resolve('onnx-proto'))('protobufjs/minimal') as {
  Reader: { prototype: { skipType(wireType: number): unknown } };
};

// ONNX raw data is little-endian.
const LITTLE_ENDIAN = endianness() === 'LE';
const FLOAT = 1;
const INT8 = 3;
const MATMUL = ['_dql', '_mmi', '_cast', '_smul', '_ymul'] as const;
const GATHER = ['_gq', '_gs', '_gcast', '_gunsq', '_gmul'] as const;
const SUFFIXES = [...MATMUL, ...GATHER];

function baseOf(name: string): [base: string, suffix: string] | undefined {
  const suffix = SUFFIXES.find((s) => name.endsWith(s));
  return suffix ? [name.slice(0, -suffix.length), suffix] : undefined;
}

/**
 * Decodes with the generated ONNX schema, failing when the file holds a field that schema does
 * not know (onnx-proto 4.0.4 is ONNX IR 5): protobufjs would drop it silently on re-encoding.
 */
function decodeModel(bytes: Uint8Array): onnxProto.onnx.ModelProto {
  const proto = protobuf.Reader.prototype;
  const skip = proto.skipType;
  let unknown = 0;
  proto.skipType = function (this: unknown, wireType: number) {
    unknown++;
    return skip.call(this, wireType);
  };
  try {
    const model = onnx.ModelProto.decode(bytes);
    if (unknown > 0) throw new Error(`the model holds ${unknown} ONNX field(s) that onnx-proto 4.0.4 does not know`);
    return model;
  } finally {
    proto.skipType = skip;
  }
}

function dims(t: Tensor): number[] {
  return (t.dims ?? []).map(Number);
}

function int8Values(t: Tensor): Int8Array {
  if (t.dataType !== INT8) throw new Error(`${t.name}: expected int8, got ONNX data type ${t.dataType}`);
  if (t.rawData && t.rawData.length) return new Int8Array(t.rawData.buffer, t.rawData.byteOffset, t.rawData.length);
  return Int8Array.from(t.int32Data ?? []);
}

function floatValues(t: Tensor): Float32Array {
  if (t.dataType !== FLOAT) throw new Error(`${t.name}: expected float, got ONNX data type ${t.dataType}`);
  if (t.rawData && t.rawData.length) {
    if (LITTLE_ENDIAN) return new Float32Array(new Uint8Array(t.rawData).buffer); // a copy: aligned
    const view = new DataView(t.rawData.buffer, t.rawData.byteOffset, t.rawData.length);
    return Float32Array.from({ length: t.rawData.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
  }
  return Float32Array.from(t.floatData ?? []);
}

function floatTensor(name: string, shape: number[], values: Float32Array): Tensor {
  let raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  if (!LITTLE_ENDIAN) {
    raw = new Uint8Array(values.length * 4);
    const view = new DataView(raw.buffer);
    values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  }
  return onnx.TensorProto.create({ name, dims: shape, dataType: FLOAT, rawData: raw });
}

/**
 * The fp32 twin of a served int8 model, as scripts/train/dequantize_onnx.py writes it: each quantized
 * MatMul group (`<base>_dql/_mmi/_cast/_smul/_ymul`) becomes one `MatMul(x, Wq * Ws)`, each quantized
 * Gather group one `Gather(Eq * Es, ids)`. Same weights, so the same decisions up to the rounding of
 * activations. Takes and returns ONNX bytes; throws on a file it cannot rewrite.
 */
export function dequantizeOnnx(int8: Uint8Array): Uint8Array {
  const model = decodeModel(int8);
  const graph = model.graph;
  if (!graph) throw new Error('the model has no graph');
  const inits = new Map((graph.initializer ?? []).map((t) => [t.name ?? '', t]));
  const groups = new Map<string, Map<string, Node>>();
  for (const n of graph.node ?? []) {
    const found = baseOf(n.name ?? '');
    if (!found) continue;
    const [base, suffix] = found;
    if (!groups.has(base)) groups.set(base, new Map());
    groups.get(base)!.set(suffix, n);
  }
  const complete = (group: Map<string, Node>, members: readonly string[]) => members.every((s) => group.has(s));

  const nodes: Node[] = [];
  const added: Tensor[] = [];
  const dropped = new Set<string>();
  let rewritten = 0;
  for (const n of graph.node ?? []) {
    const found = baseOf(n.name ?? '');
    const group = found ? groups.get(found[0]) : undefined;
    if (!found || !group) {
      nodes.push(n);
      continue;
    }
    const [base, suffix] = found;
    // An int8 MatMul weight has one scale per output column, an int8 embedding one per row.
    const rule =
      suffix === '_dql'
        ? { members: MATMUL, q: '_Wq', s: '_Ws', drop: ['_Wq', '_Ws', '_Wzp'], out: '_W', perRow: false, op: 'MatMul', last: '_ymul' }
        : suffix === '_gq'
          ? { members: GATHER, q: '_Eq', s: '_Es', drop: ['_Eq', '_Es', '_ax'], out: '_E', perRow: true, op: 'Gather', last: '_gmul' }
          : undefined;
    if (rule) {
      if (!complete(group, rule.members)) throw new Error(`${base}: incomplete int8 ${rule.op} group`);
      const qt = inits.get(base + rule.q);
      const st = inits.get(base + rule.s);
      if (!qt || !st) throw new Error(`${base}: missing ${base}${rule.q} or ${base}${rule.s}`);
      const [rows, cols] = dims(qt);
      if (rows === undefined || cols === undefined || dims(qt).length !== 2) throw new Error(`${base}${rule.q}: expected a matrix`);
      const q = int8Values(qt);
      const scale = floatValues(st);
      const want = rule.perRow ? rows : cols;
      if (scale.length !== want) throw new Error(`${base}${rule.s}: expected ${want} ${rule.perRow ? 'row' : 'column'} scales, got ${scale.length}`);
      const w = new Float32Array(rows * cols);
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) w[r * cols + c] = q[r * cols + c]! * scale[rule.perRow ? r : c]!;
      added.push(floatTensor(base + rule.out, [rows, cols], w));
      const input = rule.perRow ? [base + rule.out, n.input![1]!] : [n.input![0]!, base + rule.out];
      nodes.push(onnx.NodeProto.create({ name: base, opType: rule.op, input, output: [group.get(rule.last)!.output![0]!] }));
      for (const t of rule.drop) dropped.add(base + t);
      rewritten++;
    }
    // Every other member of a group is replaced by the node emitted for its first one.
  }
  if (rewritten === 0) throw new Error('no int8 MatMul or Gather group to dequantize');
  graph.node = nodes;
  graph.initializer = [...(graph.initializer ?? []).filter((t) => !dropped.has(t.name ?? '')), ...added];
  return onnx.ModelProto.encode(model).finish();
}
