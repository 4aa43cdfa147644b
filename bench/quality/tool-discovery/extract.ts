/**
 * Builds the tool set of the tool-discovery benchmark from the MCP server packages pinned in
 * bench/data/tools (package.json + package-lock.json): installs them when missing
 * (`npm ci --ignore-scripts`, so no browser or binary downloads), asks each server for its tools
 * over stdio in a child process with a timeout (mcp-list.ts), and writes the definitions in the
 * reference's shape `{name, description, parameters}` to bench/data/tools/tools.json.
 *
 * Run alone with `npx tsx bench/quality/tool-discovery/extract.ts` (the bench calls it when tools.json is missing).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listMcpTools, type McpTool } from './mcp-list.js';

export const TOOLS_DIR = fileURLToPath(new URL('../../data/tools/', import.meta.url));
export const TOOLS_FILE = path.join(TOOLS_DIR, 'tools.json');

/** A tool definition as the tool-discovery route takes it (the reference's ToolDefinition). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown> | null;
}

/** One extracted tool and where it came from. */
export interface SourcedTool extends ToolDefinition {
  /** The npm package (name@version) that lists it. */
  source: string;
}

/**
 * How to start each pinned package's server so that it lists its tools without credentials or a
 * network: placeholder tokens (never used: tools/list calls no API) and its required arguments.
 */
// Left out because they cannot list without real credentials or a live service: server-gdrive,
// server-redis, mcp-server-mysql, google-calendar-mcp, server-gmail-autoauth-mcp; and
// @heroku/mcp-server, @azure-devops/mcp, which do not start with the MCP SDK version npm resolves.
export const SERVERS: Record<string, { args?: string[]; env?: Record<string, string> }> = {
  '@modelcontextprotocol/server-filesystem': { args: ['{tmp}'] },
  '@modelcontextprotocol/server-github': { env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'placeholder' } },
  '@modelcontextprotocol/server-gitlab': { env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'placeholder' } },
  '@modelcontextprotocol/server-memory': { env: { MEMORY_FILE_PATH: '{tmp}/memory.json' } },
  '@modelcontextprotocol/server-everything': { args: ['stdio'] },
  '@modelcontextprotocol/server-puppeteer': {},
  '@modelcontextprotocol/server-slack': { env: { SLACK_BOT_TOKEN: 'xoxb-placeholder', SLACK_TEAM_ID: 'T00000000' } },
  '@modelcontextprotocol/server-brave-search': { env: { BRAVE_API_KEY: 'placeholder' } },
  '@modelcontextprotocol/server-google-maps': { env: { GOOGLE_MAPS_API_KEY: 'placeholder' } },
  '@modelcontextprotocol/server-everart': { env: { EVERART_API_KEY: 'placeholder' } },
  '@modelcontextprotocol/server-aws-kb-retrieval': { env: { AWS_ACCESS_KEY_ID: 'placeholder', AWS_SECRET_ACCESS_KEY: 'placeholder', AWS_REGION: 'us-east-1' } },
  '@modelcontextprotocol/server-postgres': { args: ['postgresql://127.0.0.1:1/none'] },
  '@modelcontextprotocol/server-sequential-thinking': {},
  '@playwright/mcp': {},
  '@notionhq/notion-mcp-server': { env: { NOTION_TOKEN: 'placeholder' } },
  '@cyanheads/git-mcp-server': {},
  '@delorenj/mcp-server-trello': { env: { TRELLO_API_KEY: 'placeholder', TRELLO_TOKEN: 'placeholder', TRELLO_BOARD_ID: 'placeholder' } },
  '@circleci/mcp-server-circleci': { env: { CIRCLECI_TOKEN: 'placeholder' } },
  '@antv/mcp-server-chart': {},
  '@kimtaeyoon83/mcp-server-youtube-transcript': {},
  '@elastic/mcp-server-elasticsearch': { env: { ES_URL: 'http://127.0.0.1:1', ES_API_KEY: 'placeholder' } },
  '@bitwarden/mcp-server': { env: { BW_SESSION: 'placeholder' } },
  '@digitalocean/mcp': { env: { DIGITALOCEAN_API_TOKEN: 'placeholder' } },
};

/** Installs the pinned packages when bench/data/tools/node_modules is missing. */
export function ensureInstalled(dir = TOOLS_DIR): void {
  if (existsSync(path.join(dir, 'node_modules'))) return;
  console.error(`installing the tool packages into ${dir} (npm ci --ignore-scripts) ...`);
  execFileSync('npm', ['ci', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

/** The server entry of an installed package: its only `bin`, or the one named like the package. */
export function binOf(pkgDir: string): string {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { name: string; bin?: string | Record<string, string>; main?: string };
  if (typeof pkg.bin === 'string') return path.join(pkgDir, pkg.bin);
  const bins = Object.values(pkg.bin ?? {});
  if (bins.length === 0) throw new Error(`${pkg.name} has no bin`);
  return path.join(pkgDir, bins[0]!);
}

/** An MCP tool in the reference's shape (a missing description becomes '', a missing schema null). */
export function toDefinition(tool: McpTool): ToolDefinition {
  return { name: tool.name, description: (tool.description ?? '').trim(), parameters: tool.inputSchema ?? null };
}

/**
 * Joins the packages' lists: exact duplicates (same name and description) are kept once; a name
 * another package already uses gets that package's short name in front (`gitlab__create_issue`),
 * as agent hosts namespace the tools of several servers.
 */
export function mergeTools(lists: ReadonlyArray<{ source: string; tools: readonly McpTool[] }>): SourcedTool[] {
  const byName = new Map<string, SourcedTool>();
  for (const { source, tools } of lists) {
    const short = source.replace(/@[^@/]*$/u, '').replace(/^@[^/]+\//u, '').replace(/^(mcp-)?server-|-mcp(-server)?$|^mcp-/gu, '').replace(/[^a-z0-9]+/gu, '_');
    for (const tool of tools) {
      const def = toDefinition(tool);
      const seen = byName.get(def.name);
      if (seen && seen.description === def.description) continue;
      const name = seen ? `${short}__${def.name}` : def.name;
      if (byName.has(name)) continue;
      byName.set(name, { ...def, name, source });
    }
  }
  return [...byName.values()];
}

/** Lists every pinned server's tools (a few at a time); a server that fails is reported and skipped. */
export async function extractAll(dir = TOOLS_DIR, log: (line: string) => void = console.error): Promise<{ tools: SourcedTool[]; failed: string[] }> {
  ensureInstalled(dir);
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  // Servers get a private HOME and work folder, so none writes into the user's.
  const tmp = path.join(tmpdir(), `crema-tools-${process.pid}`);
  mkdirSync(tmp, { recursive: true });
  const fill = (s: string) => s.replaceAll('{tmp}', tmp);
  const names = Object.keys(SERVERS);
  const lists: Array<{ source: string; tools: McpTool[] }> = new Array(names.length);
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      const name = names[i]!;
      const pkgDir = path.join(dir, 'node_modules', name);
      const source = `${name}@${lock.packages[`node_modules/${name}`]?.version ?? '?'}`;
      const spec = SERVERS[name]!;
      try {
        const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: tmp, NODE_NO_WARNINGS: '1' };
        for (const [k, v] of Object.entries(spec.env ?? {})) env[k] = fill(v);
        const tools = await listMcpTools({ command: process.execPath, args: [binOf(pkgDir), ...(spec.args ?? []).map(fill)], env, cwd: tmp, timeoutMs: 30_000 });
        lists[i] = { source, tools };
        log(`${source}: ${tools.length} tools`);
      } catch (e) {
        failed.push(`${source}: ${(e as Error).message.split('\n')[0]}`);
        log(`${source}: FAILED ${(e as Error).message.slice(0, 300)}`);
        lists[i] = { source, tools: [] };
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return { tools: mergeTools(lists), failed };
}

/** tools.json, extracted first when missing (or when `fresh`). */
export async function loadTools(fresh = false): Promise<SourcedTool[]> {
  if (!fresh && existsSync(TOOLS_FILE)) return JSON.parse(readFileSync(TOOLS_FILE, 'utf8')) as SourcedTool[];
  const { tools, failed } = await extractAll();
  if (failed.length) console.error(`tool servers that listed nothing:\n  ${failed.join('\n  ')}`);
  writeFileSync(TOOLS_FILE, `${JSON.stringify(tools, null, 1)}\n`);
  console.error(`wrote ${tools.length} tools to ${TOOLS_FILE}`);
  return tools;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await loadTools(true);
}
