import { candidateServerIds, clientSideServerId, MAX_INSTANCES_PER_NAME, slugOfServerName } from './mcp-server-id';

describe('client-side server ids', () => {
  it('slugs a server name as the real service does', () => {
    expect(slugOfServerName('My IDE  Tools')).toBe('my_ide_tools');
    expect(slugOfServerName('Café-Extension!')).toBe('cafeextension');
    expect(slugOfServerName('__a__b__')).toBe('a_b');
    expect(slugOfServerName('!!!!!')).toBe('');
  });

  it('numbers repeated names from .1, up to 256 instances', () => {
    expect(clientSideServerId('ide', 0)).toBe('mcp-client-side:ide');
    expect(clientSideServerId('ide', 2)).toBe('mcp-client-side:ide.2');
    const candidates = candidateServerIds('ide');
    expect(candidates).toHaveLength(MAX_INSTANCES_PER_NAME);
    expect(candidates.at(-1)).toBe('mcp-client-side:ide.255');
  });
});
