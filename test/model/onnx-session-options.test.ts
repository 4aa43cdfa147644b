import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { useSessionOptions } from '../../server/model/onnx-session-options.js';

describe('session options added to every InferenceSession.create', () => {
  it('CPU only, no per-shape memory patterns (dynamic batching sends a new shape almost every call), no spinning pool threads, threads as asked', () => {
    useSessionOptions({ intraOpNumThreads: 2 });
    const merged = (ort.InferenceSession as unknown as { __cremaOptions?: ort.InferenceSession.SessionOptions }).__cremaOptions;
    expect(merged).toMatchObject({ executionProviders: ['cpu'], enableMemPattern: false, intraOpNumThreads: 2, extra: { session: { intra_op: { allow_spinning: '0' } } } });
  });
});
