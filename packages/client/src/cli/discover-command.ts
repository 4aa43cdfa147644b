import { readFile } from 'node:fs/promises';
import type { components } from '../generated/schema.js';
import type { CremaClient } from '../create-client.js';
import { DEFAULT_MODEL } from '../families.js';
import { readStdin } from './inputs.js';
import { UsageError } from './usage-error.js';

type Schemas = components['schemas'];

/** The flags of `crema discover`, as commander hands them over. */
export interface DiscoverFlags {
  query?: string;
  maxTools?: string;
  alwaysKeep?: string;
  model?: string;
  json?: boolean;
  quiet?: boolean;
}

/**
 * The tools of a file as users hold them: a JSON array of tool definitions (any shape the route
 * takes), or an object with a `tools` array (an OpenAI or Anthropic request body, an MCP
 * `tools/list` result).
 */
export function toolsOf(text: string, name: string): Schemas['ToolDefinition'][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${name}: not JSON (expected an array of tool definitions, or {tools: [...]})`);
  }
  const tools = Array.isArray(parsed) ? parsed : (parsed as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools) || tools.length === 0) throw new UsageError(`${name}: no tools found (expected an array of tool definitions, or {tools: [...]})`);
  return tools as Schemas['ToolDefinition'][];
}

function maxToolsOf(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const n = Number(flag);
  if (!Number.isInteger(n) || n < 1 || n > 50) throw new UsageError(`--max-tools must be an integer from 1 to 50, got '${flag}'`);
  return n;
}

/**
 * `crema discover --query "..." tools.json`: the names of the tools the query needs, one per
 * line on stdout (most relevant first); the reasoning and a token summary go to stderr.
 */
export async function runDiscover(connect: () => CremaClient, file: string | undefined, flags: DiscoverFlags): Promise<void> {
  if (!flags.query?.trim()) throw new UsageError('discover needs --query');
  const maxTools = maxToolsOf(flags.maxTools);
  let text: string;
  if (file === undefined || file === '-') {
    if (process.stdin.isTTY) throw new UsageError('no tools: name a JSON file of tool definitions, or pipe one to stdin');
    text = await readStdin();
  } else {
    text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(err.code === 'ENOENT' ? `no such file: ${file}` : `could not read ${file}: ${err.code ?? err.message}`);
    });
  }
  const tools = toolsOf(text, file ?? 'stdin');
  const alwaysKeep = flags.alwaysKeep
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const r = await connect().compress('tool-discovery', {
    query: flags.query,
    tools,
    compressionModelName: (flags.model ?? DEFAULT_MODEL['tool-discovery']) as Schemas['ToolDiscoveryModelName'],
    ...(maxTools === undefined ? {} : { maxTools }),
    ...(alwaysKeep?.length ? { alwaysKeep } : {}),
  });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    return;
  }
  for (const name of r.relevant_tools) process.stdout.write(`${name}\n`);
  if (!flags.quiet) {
    if (r.reasoning) process.stderr.write(`${r.reasoning}\n`);
    process.stderr.write(`${r.tool_count} of ${r.original_tool_count} tools; ${r.compressed_tokens} of ${r.original_tokens} definition tokens kept (${r.tokens_saved} saved)\n`);
  }
}
