import { spawn } from 'node:child_process';

/** The command that opens a URL in the desktop's browser, or undefined when there is no desktop. */
function opener(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): [string, string[]] | undefined {
  if (platform === 'darwin') return ['open', [url]];
  // rundll32 takes the URL as one argument; `cmd /c start` would split it at every `&`
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  // over SSH or in a container there is no display to open a browser on
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return undefined;
  return ['xdg-open', [url]];
}

/** Tries to open `url` in a browser; resolves false when no opener could be started. */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const command = opener(url, env, platform);
  if (!command) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(command[0], command[1], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
