/**
 * The only side-effecting entry point: environment checked here, then serve.ts: dependencies ->
 * createApp -> listen (docs/architecture.md). SIGINT/SIGTERM: readiness 503 while still accepting for SHUTDOWN_DELAY_MS,
 * then in-flight requests finish within SHUTDOWN_GRACE_MS, the rest cancelled with their holds
 * released, then Redis and the database close (http/graceful-stop.ts).
 */
import { loadConfig } from './config.js';
import { assertCanListen } from './http/can-listen.js';
import { assertCanReach } from './db/can-reach.js';
import { databaseFailure, listenFailure, readFileOrExit, settingsOrExit, stepOrExit } from './startup-errors.js';

const config = settingsOrExit(() => loadConfig());
// TLS files are read before the engine starts, so a bad one exits at once.
const tlsFiles =
  config.tlsCertFile && config.tlsKeyFile
    ? { cert: readFileOrExit('TLS_CERT_FILE', config.tlsCertFile), key: readFileOrExit('TLS_KEY_FILE', config.tlsKeyFile) }
    : undefined;

// Before the engine starts: a port in use exits now; later, failStartup would wait for loading workers.
await stepOrExit(() => assertCanListen(config.port, config.host), (err) => listenFailure(err, config.host, config.port));
const { databaseUrl } = config;
if (databaseUrl) await stepOrExit(() => assertCanReach(databaseUrl), (err) => databaseFailure(err, config));

// The rest of the server is imported only now: a bad setting or a port in use exits before it loads (~1 s of CPU).
const { serve } = await import('./serve.js');
await serve(config, tlsFiles);
