import { fileURLToPath } from 'node:url';

/** Where `npm run build:dashboard` writes the page and where the server reads it from. */
export const DASHBOARD_DIR = fileURLToPath(new URL('../../dist/dashboard/', import.meta.url));
