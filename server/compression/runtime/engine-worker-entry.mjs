// Worker threads do not inherit the TypeScript loader of the main thread: register tsx here,
// then load the worker written in TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
