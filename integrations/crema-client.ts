// The one door from the integrations to the crema client: when the client moves to its own
// package, only this file changes.
export { createCremaClient, CremaError, DEFAULT_MODEL, type CremaClient, type CremaClientOptions, type components } from '../client/index.js';
