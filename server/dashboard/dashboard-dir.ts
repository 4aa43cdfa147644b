import { fromRoot } from '../project/project-root.js';

/** Where `npm run build:dashboard` writes the page and where the server reads it from. */
export const DASHBOARD_DIR = fromRoot('dist', 'dashboard') + '/';
