import { Command, Option } from 'commander';
import { createCremaClient, type CremaClient } from '../create-client.js';
import { FAMILY_NAMES } from '../families.js';
import { runKeysCreate, runKeysList, runKeysRevoke, runKeysUpdate, runLogin, runLogout, runSignin, runUsage, type KeyCreateFlags, type LoginFlags } from './account-commands.js';
import { DEFAULT_BATCH_TOKENS, DEFAULT_CONCURRENCY, runCompress, type CompressFlags } from './compress-command.js';
import { runDiscover, type DiscoverFlags } from './discover-command.js';
import { loadSettings } from './credentials.js';
import { reportError } from './exit-code.js';
import { missingPackage, MissingPeer } from './optional-peer.js';
import { runStatus, runWhoami } from './status-commands.js';
import { UsageError } from './usage-error.js';

const MCP_PEERS = ['@modelcontextprotocol/sdk', 'zod'];

const EXIT_CODES_HELP = `
Exit codes: 0 ok, 1 usage error, 2 API error (its code is printed), some files of a
multi-file compress failed (listed), or a package \`crema mcp\` needs is not installed,
3 network error or timeout.
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
  // Compress and discover read their inputs first, then ask for a client: a missing file is
  // reported before a missing key.
  const keyClient = async (): Promise<() => CremaClient> => {
    const s = await settings();
    return () => {
      if (!s.apiKey) throw new UsageError("no API key: run 'crema login' or set CREMA_API_KEY");
      return createCremaClient({ baseUrl: s.baseUrl, apiKey: s.apiKey });
    };
  };
  const JSON_HELP = 'print the full answer as JSON on stdout';

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
    .option('--json', JSON_HELP)
    .action(async (flags: { json?: boolean }) => runWhoami(await settings(), flags));

  program
    .command('status')
    .description('tier, credits remaining, spend this month, key budget and request counts (with the API key)')
    .option('--json', JSON_HELP)
    .action(async (flags: { json?: boolean }) => runStatus(await settings(), flags));

  program
    .command('signin')
    .description('open a bearer session (email and password) for `keys` and `usage`')
    .option('--email <email>', 'the account email (asked for when omitted)')
    .option('--password <password>', 'asked for when omitted (preferred: it stays out of shell history)')
    .action(async (flags: { email?: string; password?: string }) => runSignin(await settings(), flags));

  program
    .command('compress')
    .description('compress a file, stdin, or many files and directories (batch routes, several requests in flight, outputs written as each request is answered)')
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
    .option('--batch-tokens <n>', `estimated tokens per batch request; a request the server answers 504 (over its time budget) is split (default ${DEFAULT_BATCH_TOKENS})`)
    .option('--concurrency <n>', `batch requests in flight at once (default ${DEFAULT_CONCURRENCY})`)
    .action(async (files: string[], flags: CompressFlags & { fine?: boolean }) => {
      if (flags.coarse && flags.fine) throw new UsageError('--coarse and --fine exclude each other');
      const coarse = flags.fine ? false : flags.coarse ? true : undefined;
      await runCompress(await keyClient(), files, { ...flags, coarse });
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
    .action(async (file: string | undefined, flags: DiscoverFlags) => runDiscover(await keyClient(), file, flags));

  program
    .command('mcp')
    .description('serve an MCP server on stdio (tools: compress_for_question, compress_tool_output, compress_history, discover_tools) with the saved key')
    .action(async () => {
      // loaded on demand: only this command needs the SDK and zod, optional peer dependencies
      const { serveMcpStdio } = await import('../integrations/mcp/serve-mcp-stdio.js').catch((err: unknown) => {
        const missing = missingPackage(err, MCP_PEERS);
        if (missing) throw new MissingPeer(`crema mcp needs ${missing}: npm install ${MCP_PEERS.join(' ')}`);
        throw err;
      });
      await serveMcpStdio((await keyClient())());
    });

  const keys = program.command('keys').description('list, create, update and revoke API keys (needs `crema signin`)');
  keys
    .command('list')
    .description("the account's keys: id, name, prefix, scope, status, spend this month, budget, creation date")
    .option('--json', JSON_HELP)
    .action(async (flags: { json?: boolean }) => runKeysList(await settings(), flags));
  keys
    .command('create')
    .description('create a key; the full key is printed once, on stdout')
    .requiredOption('--name <name>', 'a label to tell the key apart, e.g. the machine or app using it')
    .option('--scope <scope>', 'user (default) or demo (the single question-specific route only)')
    .option('--budget <usd>', 'monthly budget in USD (default: no cap)')
    .option('--daily-cap <n>', 'most requests a day (default: no cap)')
    .option('--expires <iso-date>', 'when the key stops working, e.g. 2027-06-30T00:00:00Z (default: never)')
    .option('--json', JSON_HELP)
    .action(async (flags: KeyCreateFlags) => runKeysCreate(await settings(), flags));
  keys
    .command('update')
    .description("change a key's monthly budget; raising it lifts a 402 api_key_budget_exceeded at once")
    .argument('<key-id>', "the key's id, as 'crema keys list' shows it")
    .requiredOption('--budget <usd>', "the new monthly budget in USD, or 'none' for no cap")
    .action(async (keyId: string, flags: { budget: string }) => runKeysUpdate(await settings(), keyId, flags));
  keys
    .command('revoke')
    .description('revoke a key: requests with it get 401 from then on')
    .argument('<key-id>', "the key's id, as 'crema keys list' shows it")
    .action(async (keyId: string) => runKeysRevoke(await settings(), keyId));

  program
    .command('usage')
    .description('tier, balance, monthly volume, spend per key and rate limits (needs `crema signin`)')
    .option('--json', JSON_HELP)
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
