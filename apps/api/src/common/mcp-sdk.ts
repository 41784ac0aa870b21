/* eslint-disable @typescript-eslint/no-require-imports -- each module is required on first use */
import { loadOnFirstUse } from './load-on-first-use';

/**
 * The parts of the MCP SDK this service uses, each loaded on first use: the SDK and the schema
 * and validation libraries it brings cost a boot some 200 ms, and only runs with MCP tools and
 * remote MCP servers need them.
 */
export const mcpSdk = {
  types: loadOnFirstUse<typeof import('@modelcontextprotocol/sdk/types.js')>(() => require('@modelcontextprotocol/sdk/types.js')),
  client: loadOnFirstUse<typeof import('@modelcontextprotocol/sdk/client/index.js')>(() => require('@modelcontextprotocol/sdk/client/index.js')),
  streamableHttp: loadOnFirstUse<typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js')>(() =>
    require('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ),
} as const;
