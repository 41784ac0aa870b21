import type { RemoteMcpServer } from '@app/contracts/http/remote-mcp-server.types';

/** A server's tools, folded away until asked for: a server may offer dozens. */
export function ServerTools({ server }: { readonly server: RemoteMcpServer }) {
  return (
    <details>
      <summary>
        {server.tools.length} {server.tools.length === 1 ? 'tool' : 'tools'}
      </summary>
      <ul aria-label={`Tools of ${server.name}`}>
        {server.tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code>
            {tool.readOnly ? ' (reads only)' : ''}
            {tool.description ? <span className="muted"> — {tool.description}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
