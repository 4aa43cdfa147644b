// `crema-client/mcp`: needs @modelcontextprotocol/sdk and zod (optional peer dependencies).
export { createCremaMcpServer } from './crema-mcp-server.js';
export { serveMcpStdio } from './serve-mcp-stdio.js';
