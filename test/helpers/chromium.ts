import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH): the browser tests skip when it is missing. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Headless, sandbox off (root in CI), and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
