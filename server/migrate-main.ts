/**
 * `npm run migrate` (or `node dist/server/migrate-main.js` in the image): brings the database's
 * schema up to date and exits, so a deployment migrates once, before its replicas start, instead
 * of leaving it to whichever replica starts first (each one still checks at start: a no-op then).
 * Same settings and the same one-line errors as the server.
 */
import { loadConfig } from './config.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { databaseFailure, settingsOrExit, stepOrExit } from './startup-errors.js';

const config = settingsOrExit(() => loadConfig());
const db = await stepOrExit(() => createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }), (err) => databaseFailure(err, config));
await stepOrExit(() => migrateToLatest(db.db, db.schema), (err) => databaseFailure(err, config));
await db.close();
console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'database schema is up to date', database: db.driver }));
