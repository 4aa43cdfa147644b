/**
 * Lists an MCP server's tools the way an agent sees them: spawns the server's stdio entry in a
 * child process, sends `initialize`, `notifications/initialized` and `tools/list` (following
 * `nextCursor`), and kills it. Servers build their schemas at run time (zod, OpenAPI), so asking
 * the server is the one reading that gives the published definitions for every package.
 */
import { spawn } from 'node:child_process';

/** A tool as MCP's tools/list returns it. */
export interface McpTool {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

export interface McpServerCommand {
  command: string;
  args: readonly string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Milliseconds before the server is killed and the listing fails (default 30 s). */
  timeoutMs?: number;
}

/** The tools a stdio MCP server lists; rejects on timeout, exit before answering, or a JSON-RPC error. */
export function listMcpTools(server: McpServerCommand): Promise<McpTool[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(server.command, [...server.args], {
      cwd: server.cwd,
      env: server.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const tools: McpTool[] = [];
    let stderr = '';
    let buffer = '';
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdin.end();
      child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(tools);
    };
    const timer = setTimeout(() => finish(new Error(`no tools/list answer within ${server.timeoutMs ?? 30_000} ms; stderr: ${stderr.slice(-400)}`)), server.timeoutMs ?? 30_000);
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const listPage = (id: number, cursor?: string) => send({ jsonrpc: '2.0', id, method: 'tools/list', params: cursor ? { cursor } : {} });

    child.on('error', (e) => finish(e));
    child.on('exit', (code) => finish(new Error(`server exited (${code}) before listing its tools; stderr: ${stderr.slice(-400)}`)));
    // A server that ends stdin early must not crash this process with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-4000);
    });
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('{')) continue; // servers that log to stdout
        let msg: { id?: number; result?: { tools?: McpTool[]; nextCursor?: string }; error?: { message?: string } };
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.error) return finish(new Error(`JSON-RPC error: ${msg.error.message ?? JSON.stringify(msg.error)}`));
        if (msg.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          listPage(2);
        } else if (typeof msg.id === 'number' && msg.id >= 2) {
          tools.push(...(msg.result?.tools ?? []));
          const next = msg.result?.nextCursor;
          if (next && msg.id < 50) listPage(msg.id + 1, next);
          else finish();
        }
      }
    });
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'crema-bench-tools', version: '0.0.0' } },
    });
  });
}
