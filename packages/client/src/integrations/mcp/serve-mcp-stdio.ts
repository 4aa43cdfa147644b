import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CremaClient } from '../../index.js';
import { createCremaMcpServer } from './crema-mcp-server.js';

/** Serves the crema MCP server on stdin/stdout until the client closes stdin. */
export async function serveMcpStdio(client: CremaClient): Promise<void> {
  const server = createCremaMcpServer(client);
  const closed = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close();
}
