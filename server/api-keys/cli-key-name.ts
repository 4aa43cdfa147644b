/** The host a CLI login names its key after when the authorize page sends none. */
const UNKNOWN_HOST = 'unknown host';

const PREFIX = 'CLI login';

/** `CLI login <host> <YYYY-MM-DD>`: what the user sees in the key list after `crema login`. */
export function cliKeyName(host: string | undefined, now: Date): string {
  return `${PREFIX} ${host ?? UNKNOWN_HOST} ${now.toISOString().slice(0, 10)}`;
}

/** True for a key an earlier CLI login of `host` created (its name, whatever the date). */
export function isCliKeyOf(host: string | undefined): (key: { name: string }) => boolean {
  const prefix = `${PREFIX} ${host ?? UNKNOWN_HOST} `;
  return (key) => key.name.startsWith(prefix) && /^\d{4}-\d{2}-\d{2}$/.test(key.name.slice(prefix.length));
}
