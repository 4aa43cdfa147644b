/**
 * How spawned servers start: as `npm start` does, plain node on the build global setup keeps
 * fresh (`scripts/build.mjs --if-stale`). Through tsx each start paid ~1 s of CPU compiling.
 */
export const SERVER_ARGS = ['--enable-source-maps', 'dist/server/main.js'];
