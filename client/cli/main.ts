import { Command, Option } from 'commander';
import { createCremaClient } from '../create-client.js';
import { FAMILY_NAMES } from '../families.js';
import { runKeysCreate, runKeysList, runKeysRevoke, runLogin, runLogout, runSignin, runUsage, type KeyCreateFlags, type LoginFlags } from './account-commands.js';
import { runCompress, type CompressFlags } from './compress-command.js';
import { runDiscover, type DiscoverFlags } from './discover-command.js';
import { loadSettings } from './credentials.js';
import { reportError } from './exit-code.js';
import { runStatus, runWhoami } from './status-commands.js';
import { UsageError } from './usage-error.js';

const EXIT_CODES_HELP = `
Exit codes: 0 ok, 1 usage error, 2 API error (its code is printed), 3 network error.
Environment: CREMA_API_KEY and CREMA_BASE_URL override ~/.crema/credentials.json;
COMPRESR_API_KEY and COMPRESR_BASE_URL (the hosted service's tools) are read when those are unset.`;

/** The `crema` command tree (commander); actions read settings lazily so `--help` needs no file. */
export function buildProgram(): Command {
  const program = new Command('crema')
    .description('Compress text for LLM prompts with a crema server, and manage keys.')
    .option('--base-url <url>', 'server origin (default: CREMA_BASE_URL, the saved one, or http://127.0.0.1:8080)')
    .addHelpText('after', EXIT_CODES_HELP)
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
  const settings = () => loadSettings({ baseUrl: program.opts<{ baseUrl?: string }>().baseUrl });

  program
    .command('login')
    .description('approve this machine in the dashboard (browser) or give --key; the key is checked and saved to ~/.crema/credentials.json (0600)')
    .option('--key <key>', "an existing API key (cmp_...); '-' reads it from stdin")
    .option('--no-browser', 'print the authorize URL instead of opening a browser')
    .option('--timeout <seconds>', 'how long to wait for the approval', '120')
    .action(async (flags: LoginFlags) => runLogin(await settings(), flags));

  program
    .command('logout')
    .description('revoke the saved key on the server (best effort) and delete the credential file')
    .action(async () => runLogout(await settings()));

  program
    .command('whoami')
    .description('the account, key and server the CLI uses')
    .option('--json')
    .action(async (flags: { json?: boolean }) => runWhoami(await settings(), flags));

  program
    .command('status')
    .description('tier, credits remaining, spend this month, key budget and request counts (with the API key)')
    .option('--json')
    .action(async (flags: { json?: boolean }) => runStatus(await settings(), flags));

  program
    .command('signin')
    .description('open a bearer session (email and password) for `keys` and `usage`')
    .option('--email <email>')
    .option('--password <password>', 'asked for when omitted (preferred: it stays out of shell history)')
    .action(async (flags: { email?: string; password?: string }) => runSignin(await settings(), flags));

  program
    .command('compress')
    .description('compress files, a directory (batch route, 100 per call) or stdin')
    .argument('[files...]', 'files or directories; stdin when none')
    .addOption(new Option('--family <family>', 'compression family (default: question-specific with --query, else question-agnostic)').choices(FAMILY_NAMES.filter((f) => f !== 'tool-discovery')))
    .option('--model <model>', 'model id (default: the family default, e.g. latte_v2, espresso_v1)')
    .option('--query <text>', 'the question to compress towards')
    .option('--ratio <n>', 'target_compression_ratio: 0<r<=1 removal strength, r>1 Nx (max 200)')
    .option('--coarse', 'paragraph/sentence-level units (the server default)')
    .option('--fine', 'word-level units: slower, more precise')
    .option('--json', 'print the full results as JSON')
    .option('--out <dir>', 'write each output to DIR under the input name')
    .option('--quiet', 'no summary table')
    .action(async (files: string[], flags: CompressFlags & { fine?: boolean }) => {
      if (flags.coarse && flags.fine) throw new UsageError('--coarse and --fine exclude each other');
      const coarse = flags.fine ? false : flags.coarse ? true : undefined;
      const s = await settings();
      if (!s.apiKey) throw new UsageError("no API key: run 'crema login' or set CREMA_API_KEY");
      await runCompress(createCremaClient({ baseUrl: s.baseUrl, apiKey: s.apiKey }), files, { ...flags, coarse });
    });

  program
    .command('discover')
    .description('the tools a query needs, from a JSON file of tool definitions (OpenAI, Anthropic, MCP or the hosted shape): names on stdout')
    .argument('[tools.json]', "an array of tool definitions, or {tools: [...]}; stdin when omitted or '-'")
    .requiredOption('--query <text>', 'what the agent is asked to do')
    .option('--max-tools <n>', 'most tools answered, 1 to 50 (server default 5)')
    .option('--always-keep <names>', 'comma-separated tool names answered first whatever the query')
    .option('--model <model>', 'tdc_coldbrew_v1 (default) or an alias')
    .option('--json', 'print the full result as JSON')
    .option('--quiet', 'no reasoning or summary on stderr')
    .action(async (file: string | undefined, flags: DiscoverFlags) => {
      const s = await settings();
      if (!s.apiKey) throw new UsageError("no API key: run 'crema login' or set CREMA_API_KEY");
      await runDiscover(createCremaClient({ baseUrl: s.baseUrl, apiKey: s.apiKey }), file, flags);
    });

  program
    .command('mcp')
    .description('serve an MCP server on stdio (tools: compress_for_question, compress_tool_output, compress_history, discover_tools) with the saved key')
    .action(async () => {
      const s = await settings();
      if (!s.apiKey) throw new UsageError("no API key: run 'crema login' or set CREMA_API_KEY");
      // loaded on demand: only this command needs @modelcontextprotocol/sdk
      const { serveMcpStdio } = await import('../../integrations/mcp/serve-mcp-stdio.js');
      await serveMcpStdio(createCremaClient({ baseUrl: s.baseUrl, apiKey: s.apiKey }));
    });

  const keys = program.command('keys').description('manage API keys (needs `crema signin`)');
  keys
    .command('list')
    .option('--json')
    .action(async (flags: { json?: boolean }) => runKeysList(await settings(), flags));
  keys
    .command('create')
    .requiredOption('--name <name>')
    .option('--scope <scope>', 'user (default) or demo')
    .option('--budget <usd>', 'monthly budget in USD')
    .option('--daily-cap <n>', 'daily request cap')
    .option('--expires <iso-date>', 'expiry timestamp')
    .option('--json')
    .action(async (flags: KeyCreateFlags) => runKeysCreate(await settings(), flags));
  keys
    .command('revoke')
    .argument('<key-id>')
    .action(async (keyId: string) => runKeysRevoke(await settings(), keyId));

  program
    .command('usage')
    .description('tier, balance, monthly volume, spend per key and rate limits (needs `crema signin`)')
    .option('--json')
    .action(async (flags: { json?: boolean }) => runUsage(await settings(), flags));

  // subcommands report their own usage errors through the same exit path
  for (const c of [program, ...program.commands, ...keys.commands]) c.exitOverride();
  return program;
}

/** Runs the CLI and returns its exit code. */
export async function main(argv: string[] = process.argv): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (err) {
    return reportError(err, (line) => process.stderr.write(`${line}\n`));
  }
}
