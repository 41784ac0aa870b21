import { z } from 'zod';
import { startToolServer, type RemoteToolServer } from './remote-mcp-server';

/**
 * The `mail` MCP server, on a local port: `send_email` writes (high stake by default), `read_inbox`
 * only reads (low). Its `calls` hold each call received.
 */
export function startMailServer(): Promise<RemoteToolServer> {
  return startToolServer('mail', [
    { name: 'send_email', description: 'Sends an email', inputSchema: { to: z.string() }, answer: (args) => `Sent to ${String(args.to)}` },
    { name: 'read_inbox', description: 'Reads the inbox', inputSchema: {}, readOnly: true, answer: () => 'No new mail' },
  ]);
}
