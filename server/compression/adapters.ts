import type { AnyFamilyAdapter } from './family-adapter.js';
import type { FamilyId } from '../catalog/families.js';
import { history } from './history.js';
import { markdown, questionAgnostic } from './question-agnostic.js';
import { questionSpecific } from './question-specific.js';
import { toolDiscovery } from './tool-discovery.js';
import { toolOutput } from './tool-output.js';

/** Every family's adapter, one per family of FAMILIES; the routes are generated from this table. */
export const ADAPTERS: Readonly<Record<FamilyId, AnyFamilyAdapter>> = {
  'question-specific': questionSpecific,
  'question-agnostic': questionAgnostic,
  markdown,
  history,
  'tool-output': toolOutput,
  'tool-discovery': toolDiscovery,
};
