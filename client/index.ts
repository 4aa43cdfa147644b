/**
 * The crema client, as code in this repository imports it. Its sources are the `crema-client`
 * package (packages/client), published on its own; this file only re-exports its entry.
 */
export * from '../packages/client/src/index.js';
