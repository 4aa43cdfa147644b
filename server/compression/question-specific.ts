import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import { contextItems, type ContextItem } from './context-items.js';
import type { EngineResult } from './engine/engine.js';
import { engineOptions, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES } from '../catalog/families.js';

type Single = components['schemas']['QuestionSpecificRequest'];
type Batch = components['schemas']['QuestionSpecificBatchRequest'];
type Options = components['schemas']['QuestionSpecificOptions'];
type CompressionResult = components['schemas']['CompressionResult'];

const DYNAMIC_FIELDS = ['dynamic', 'dynamic_min_ratio', 'dynamic_max_ratio'] as const;
const DYNAMIC_MIN_DEFAULT = 1.5;
const DYNAMIC_MAX_DEFAULT = 10;

function dynamicBounds(body: Options): { minRatio: number; maxRatio: number } {
  return { minRatio: body.dynamic_min_ratio ?? DYNAMIC_MIN_DEFAULT, maxRatio: body.dynamic_max_ratio ?? DYNAMIC_MAX_DEFAULT };
}

/** Query-specific compression (`latte_v1`, `latte_v2`). */
export const questionSpecific: FamilyAdapter<Single, Batch, ContextItem, EngineResult, CompressionResult> = {
  family: FAMILIES.find((f) => f.id === 'question-specific')!,
  demoOnSingle: true,
  ...contextItems<Single, Batch>('text'),

  check(body) {
    if (body.compression_model_name === 'latte_v1') {
      const sent = DYNAMIC_FIELDS.find((f) => body[f] !== undefined);
      if (sent) {
        throw new ApiError('validation_error', `${sent} is only accepted by latte_v2`, { field: sent });
      }
    }
    // The bounds are only consulted when dynamic=true, so only then must they be in order.
    const { minRatio, maxRatio } = dynamicBounds(body);
    if (body.dynamic === true && maxRatio < minRatio) {
      throw new ApiError('validation_error', 'dynamic_max_ratio must be >= dynamic_min_ratio', {
        field: 'dynamic_max_ratio',
        detail: `dynamic_min_ratio is ${minRatio}`,
      });
    }
  },

  model: (body) => body.compression_model_name,
  item: (body) => ({ context: body.context, query: body.query }),
  items: (body) => body.inputs.map((i) => ({ context: i.context, query: i.query })),

  options: (body, model) => ({ ...engineOptions(body, model), dynamic: body.dynamic ? dynamicBounds(body) : undefined }),

  // With dynamic=true the requested ratio is ignored, so none is echoed.
  echoedRatio: (body) => (body.dynamic ? null : (body.target_compression_ratio ?? null)),
};
