/**
 * Builds the dashboard (client/dashboard) with Vite into dist/dashboard, which the server
 * serves at /dashboard. Run by `npm start` (prestart) and by the browser test, so the page a
 * server shows is always built from the sources beside it.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { DASHBOARD_DIR } from '../server/dashboard/dashboard-dir.js';

const ROOT = fileURLToPath(new URL('../client/dashboard/', import.meta.url));

/** Builds into `outDir` (default dist/dashboard), replacing what was there. */
export async function buildDashboard(outDir: string = DASHBOARD_DIR): Promise<void> {
  await build({
    root: ROOT,
    base: '/dashboard/',
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1000 },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildDashboard();
  console.log(`dashboard built into ${DASHBOARD_DIR}`);
}
