import { StaticToolRegistry } from '../../apps/api/src/agent-runner';

/**
 * The `mail` server's tools, as an external MCP server would offer them: `send_email` writes (high
 * stake by default), `read_inbox` only reads (low). Each call is pushed to `calls`.
 */
export function mailTools(calls: unknown[]): StaticToolRegistry {
  return new StaticToolRegistry([
    {
      definition: {
        name: 'send_email',
        description: 'Sends an email',
        inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
        serverId: 'mail-server',
        serverName: 'mail',
        external: true,
      },
      handler: (input) => {
        calls.push(input);
        return `Sent to ${(input as { to: string }).to}`;
      },
    },
    {
      definition: {
        name: 'read_inbox',
        description: 'Reads the inbox',
        inputSchema: { type: 'object', properties: {} },
        serverId: 'mail-server',
        serverName: 'mail',
        external: true,
        readOnly: true,
      },
      handler: () => {
        calls.push('read');
        return 'No new mail';
      },
    },
  ]);
}
