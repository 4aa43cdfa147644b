/**
 * Starts crema on settings main.ts has read and checked: engine, database, app, listen, and the
 * graceful stop on SIGINT/SIGTERM (docs/architecture.md, docs/operations.md).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { startHoldsSweeper } from './billing/holds-sweeper.js';
import { startReplicaLease } from './billing/replica-lease.js';
import { createDb, reportConnectionLoss } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { warmTables } from './db/warm-tables.js';
import { warmBilling } from './billing/warm-billing.js';
import { warmFamilies } from './compression/warm-families.js';
import { drainable } from './http/drain.js';
import { gracefulStop } from './http/graceful-stop.js';
import { warmRoutePaths, warmRoutes } from './http/warm-routes.js';
import { loadSpec } from './project/openapi-spec.js';
import type { WeightsId } from './catalog/model-catalog.js';
import { applyServerTimeouts } from './http/server-timeouts.js';
import { createLogger } from './logger.js';
import { createEnginePool } from './compression/runtime/engine-pool.js';
import { weightsOnDisk } from './model/weights-availability.js';
import { catalogWeights, stoppable, warmUp } from './model/readiness.js';
import { createQuotaStore } from './rate-limit/quota.js';
import { createRedisClient, waitForRedis } from './rate-limit/redis-client.js';
import { createServices } from './services.js';
import { beforeFailedStartExit, databaseFailure, failStartup, listenFailure, stepOrExit } from './startup-errors.js';


export async function serve(config: Config, tlsFiles: { cert: Buffer; key: Buffer } | undefined): Promise<void> {
  const logger = createLogger(config.logLevel);
  const backend = createEnginePool({
    modelsDir: config.modelsDir,
    workers: config.engineWorkers,
    nice: config.engineNice,
    onPriority: (priority) =>
      priority.applied ? logger.info({ nice: priority.nice }, 'engine threads at lower CPU priority') : logger.warn({ why: priority.why }, 'engine threads at the server priority'),
    modelFormat: config.modelFormat,
    cacheDir: config.cacheDir,
    dynamicBatching: config.dynamicBatching,
    collectMs: config.batchCollectMs,
    onServedFile: (weights, { quantized, how, why, file, timings, twinMs, cacheError, ms }) =>
      logger[how === 'fallback' ? 'warn' : 'info'](
        { weights, format: quantized ? 'int8' : 'fp32', how, why, file, timings, twinMs, cacheError, ms },
        'served model file chosen',
      ),
  });
  beforeFailedStartExit(() => backend.close());
  const weights = weightsOnDisk(config.modelsDir);
  // Load the bundled networks now, not in the first requests; /health/ready answers 503 until done.
  // Started before the database: the workers load while the main thread opens and migrates it.
  // Readiness also waits for what warms after createApp below: validators, each family's example (three runs), each table.
  let routesWarmed!: () => void;
  const routesWarm = new Promise<void>((resolve) => (routesWarmed = resolve));
  let networksLoaded: Promise<unknown> = Promise.resolve();
  const warmable = {
    warm: async (ids: readonly WeightsId[]) => {
      networksLoaded = Promise.resolve(backend.warm?.(ids));
      await Promise.all([networksLoaded, routesWarm]);
    },
  };
  const readiness = stoppable(warmUp(warmable, catalogWeights().filter((w) => weights.isAvailable(w)), {
    onSettled: (status, error, ms) => (status === 'ready' ? logger.info({ ms }, 'model weights loaded: ready') : logger.error({ error, ms }, 'model weights failed to load')),
  }));

  const db = await stepOrExit(
    () =>
      createDb({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        onConnectionError: reportConnectionLoss(logger),
      }),
    (err) => databaseFailure(err, config),
  );
  await stepOrExit(() => migrateToLatest(db.db, db.schema), (err) => databaseFailure(err, config));
  // This process's lease: its holds carry the id, and any replica frees them once it expires.
  const lease = startReplicaLease({
    db: db.db,
    name: config.replicaName,
    ttlMs: config.leaseTtlMs,
    renewMs: config.leaseRenewMs,
    soleProcess: db.driver === 'pglite',
    logger,
  });
  await stepOrExit(() => lease.acquire(), (err) => databaseFailure(err, config));
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, logger) : undefined;
  if (redis && !(await waitForRedis(redis))) logger.warn('redis not ready after 5 s: starting on per-replica rate limits until it is');

  const quotas = createQuotaStore({ redis });
  const services = createServices({
    db: db.db,
    quotas,
    clock: () => new Date(),
    sessionTtlMs: config.sessionTtlHours * 3_600_000,
    adminEmail: config.adminEmail,
    signup: config.signup,
    overlapHold: config.overlapHold,
    replicaId: lease.id,
  });
  if (!config.adminEmail) logger.warn('ADMIN_EMAIL is not set: no account can become admin (credit top-ups need one)');
  // Holds of a replica whose lease expired, or older than any request's time budget, belong to a
  // process that died mid-request.
  const sweeper = startHoldsSweeper({
    billing: services.billing,
    olderThanMs: Math.max(config.requestTimeoutMs, config.streamTimeoutMs) + config.holdSweepGraceMs,
    intervalMs: config.holdSweepIntervalMs,
    lease,
    logger,
  });
  await sweeper.sweepOnce({ trustLeases: true });

  const app = createApp({ config, db, logger, quotas, services, backend, weights, readiness });
  // What a first request would otherwise pay on the main thread: each route's validator, each table's first read.
  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
  void Promise.all([
    warmRoutes(app, warmRoutePaths(loadSpec())).then(
      ({ routes, ms }) => logger.info({ routes, ms }, 'request validators compiled'),
      (err: unknown) => logger.warn({ reason: reason(err) }, 'request validators not compiled ahead: each route compiles its own on its first request'),
    ),
    // After the networks are loaded (the same promise readiness waits on), so this times nothing twice.
    networksLoaded
      .then(() => warmFamilies(backend, loadSpec(), config.engineWorkers))
      .then(
        ({ families, failed, ms }) => (Object.keys(failed).length ? logger.warn({ families, failed, ms }, 'some families not run ahead') : logger.info({ families, ms }, 'every family run ahead')),
        (err: unknown) => logger.warn({ reason: reason(err) }, 'families not run ahead'),
      ),
    warmTables(db.db, db.schema, { write: db.driver === 'pglite' })
      .then(
        ({ tables, ms }) => logger.info({ tables, ms }, 'database tables read once'),
        (err: unknown) => logger.warn({ reason: reason(err) }, 'database tables not read ahead'),
      )
      // PGlite runs in this process: a charged request's statements, rolled back, so the first client's do not compile it.
      .then(() => (db.driver === 'pglite' ? warmBilling(db.db) : undefined))
      .then(
        (warmed) => warmed && logger.info(warmed, 'billing statements run ahead, rolled back'),
        (err: unknown) => logger.warn({ reason: reason(err) }, 'billing statements not run ahead'),
      ),
  ]).finally(routesWarmed);

  const tls = tlsFiles !== undefined;
  const server = tlsFiles ? https.createServer(tlsFiles, app) : http.createServer(app);

  applyServerTimeouts(server, config.keepAliveTimeoutMs);
  const { drain, closeAfterResponses } = drainable(server);

  // While starting to listen: a port in use or a bad HOST is one line and exit 1, not an unhandled 'error' event.
  const onListenError = (err: Error) => void failStartup([listenFailure(err, config.host, config.port)]);
  server.once('error', onListenError);
  server.once('listening', () => server.off('error', onListenError));
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { url: `${tls ? 'https' : 'http'}://${config.host}:${port}`, database: db.driver, limits: redis ? 'redis' : 'memory', replica: config.replicaName, lease: lease.id },
      'crema listening',
    );
    // The port is bound, so no other live process on this host has this replica's default name:
    // earlier incarnations are dead, and their holds go back now rather than when their lease expires.
    void lease
      .takeOver()
      .then((ended) => (ended > 0 ? sweeper.sweepOnce({ trustLeases: true }) : 0))
      .catch((err: unknown) => logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'earlier incarnations not taken over'));
  });

  const shutdown = gracefulStop({
    markStopping: () => readiness.stop(),
    delayMs: config.shutdownDelayMs,
    closeAfterResponses,
    drain,
    graceMs: config.shutdownGraceMs,
    cutShort: (detail) => services.stop.stopInFlightWork(detail),
    closeAllConnections: () => server.closeAllConnections(),
    releaseOpenHolds: () => services.billing.releaseOpenHolds(),
    closeResources: async () => {
      sweeper.stop();
      // After the open holds were released: whatever is still pending is any replica's to sweep now.
      await lease.end().catch((err: unknown) => logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'replica lease not removed'));
      redis?.disconnect();
      await backend.close();
      await db.close();
    },
    logger,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
