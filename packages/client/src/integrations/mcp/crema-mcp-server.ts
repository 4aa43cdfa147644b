import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CremaError, type CremaClient, type components } from '../../index.js';

const ratio = z.number().positive().max(200).optional().describe('0 < r <= 1: fraction of tokens to remove; r > 1: compress N times. Default: the model default.');
const counts = { original_tokens: z.number().int(), compressed_tokens: z.number().int(), tokens_saved: z.number().int() };

/** A tool answer: the text an agent reads, plus the same facts as structured content. */
function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** crema's refusals become tool errors the agent can read (the MCP client gets no exception). */
async function guarded(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    const text = err instanceof CremaError ? `crema: ${err.message} (code ${err.code}, HTTP ${err.status})` : `crema: ${err instanceof Error ? err.message : String(err)}`;
    return { isError: true, content: [{ type: 'text', text }] };
  }
}

/**
 * An MCP server whose four tools call the crema server through `client`: compress_for_question,
 * compress_tool_output, compress_history and discover_tools. Connect it to a transport
 * (`serveMcpStdio` does stdio).
 */
export function createCremaMcpServer(client: CremaClient, version = '0.1.0'): McpServer {
  const server = new McpServer({ name: 'crema', version });

  server.registerTool(
    'compress_for_question',
    {
      description: 'Compress a long text (document, web page, retrieved passages) to the parts that matter for a question. Answers the compressed text.',
      inputSchema: { context: z.string().describe('the text to compress'), query: z.string().min(1).describe('the question the text should still answer'), target_compression_ratio: ratio },
      outputSchema: { compressed_context: z.string(), ...counts },
    },
    async ({ context, query, target_compression_ratio }) =>
      guarded(async () => {
        const r = await client.compress('question-specific', { context, query, compressionModelName: 'latte_v2', targetCompressionRatio: target_compression_ratio });
        return answer(r.compressed_context, { compressed_context: r.compressed_context, original_tokens: r.original_tokens, compressed_tokens: r.compressed_tokens, tokens_saved: r.tokens_saved });
      }),
  );

  server.registerTool(
    'compress_tool_output',
    {
      description: "Compress a tool's output (JSON, logs, tables, text) before it enters the context; with a query, what the query needs is kept.",
      inputSchema: {
        tool_output: z.string().describe('the raw output'),
        tool_name: z.string().min(1).max(200).describe('the tool that produced it'),
        query: z.string().min(1).optional().describe('what the agent is looking for in it (optional)'),
        target_compression_ratio: ratio,
      },
      outputSchema: { compressed_output: z.string(), detected_format: z.string(), ...counts },
    },
    async ({ tool_output, tool_name, query, target_compression_ratio }) =>
      guarded(async () => {
        // the query-aware model needs a query and the query-free one refuses it
        const model = query ? 'toc_latte_v2' : 'toc_americano_v1';
        const r = await client.compress('tool-output', { toolOutput: tool_output, toolName: tool_name, query: query ?? null, compressionModelName: model, targetCompressionRatio: target_compression_ratio });
        const text = typeof r.compressed_output === 'string' ? r.compressed_output : r.compressed_output.join('\n');
        return answer(text, { compressed_output: text, detected_format: r.detected_format, original_tokens: r.original_tokens, compressed_tokens: r.compressed_tokens, tokens_saved: r.tokens_saved });
      }),
  );

  const message = z.object({ role: z.string().min(1).max(64), content: z.string().nullable() });
  server.registerTool(
    'compress_history',
    {
      description: 'Compress a chat transcript: system messages and the last keep_recent messages stay verbatim, older turns become one summary message. Answers the ready-to-send messages as JSON.',
      inputSchema: {
        messages: z.array(message).min(1).max(1000),
        keep_recent: z.number().int().min(1).max(50).optional().describe('latest messages kept verbatim (default 3)'),
        query: z.string().min(1).optional().describe('compress the older turns towards this question'),
        target_compression_ratio: ratio,
      },
      outputSchema: { messages: z.array(message), summary: z.string(), ...counts },
    },
    async ({ messages, keep_recent, query, target_compression_ratio }) =>
      guarded(async () => {
        const r = await client.compress('history', { messages, keepRecent: keep_recent, query, compressionModelName: 'hcc_latte_v1', targetCompressionRatio: target_compression_ratio });
        const kept = r.messages.map((m) => ({ role: m.role, content: m.content ?? null }));
        return answer(JSON.stringify(kept), { messages: kept, summary: r.summary, original_tokens: r.original_tokens, compressed_tokens: r.compressed_tokens, tokens_saved: r.tokens_saved });
      }),
  );

  server.registerTool(
    'discover_tools',
    {
      description: 'Pick the tools a task needs from a large tool list (OpenAI, Anthropic, MCP or {name, description, parameters} definitions). Answers the names, one per line.',
      inputSchema: {
        query: z.string().min(1).describe('what the agent is asked to do'),
        tools: z.array(z.record(z.string(), z.unknown())).min(1).max(2000).describe('tool definitions'),
        max_tools: z.number().int().min(1).max(50).optional().describe('most tools answered (default 5)'),
        always_keep: z.array(z.string()).max(50).optional().describe('tool names answered first whatever the query'),
      },
      outputSchema: { relevant_tools: z.array(z.string()), reasoning: z.string().nullable(), ...counts },
    },
    async ({ query, tools, max_tools, always_keep }) =>
      guarded(async () => {
        // the route validates each definition's shape; a wrong one comes back as a tool error
        const definitions = tools as components['schemas']['ToolDefinition'][];
        const r = await client.compress('tool-discovery', { query, tools: definitions, maxTools: max_tools, alwaysKeep: always_keep ?? null, compressionModelName: 'tdc_coldbrew_v1' });
        return answer(r.relevant_tools.join('\n'), { relevant_tools: r.relevant_tools, reasoning: r.reasoning, original_tokens: r.original_tokens, compressed_tokens: r.compressed_tokens, tokens_saved: r.tokens_saved });
      }),
  );
  return server;
}
