import { needsApproval, toolApprovalKey, toolStakeOf } from './tool-stake';

describe('toolStakeOf', () => {
  it('defaults reading tools to low and every other tool to high', () => {
    expect(toolStakeOf({ name: 'search', external: true, readOnly: true }, undefined)).toBe('low');
    expect(toolStakeOf({ name: 'delete_file', external: true, readOnly: false }, undefined)).toBe('high');
    expect(toolStakeOf({ name: 'unknown', external: true }, undefined)).toBe('high');
  });

  it("never asks for the service's own tools unless the builder says so", () => {
    expect(toolStakeOf({ name: 'search_data_sources' }, undefined)).toBe('never_ask');
    expect(toolStakeOf({ name: 'search_data_sources' }, { tools: { search_data_sources: 'medium' } })).toBe('medium');
  });

  it('counts a tool behind a server as external when its source does not say', () => {
    expect(toolStakeOf({ name: 'add', serverId: 'mcp-client-side:ide' }, undefined)).toBe('high');
    expect(toolStakeOf({ name: 'lookup', serverId: 'mcp-client-side:ide', readOnly: true }, undefined)).toBe('low');
    expect(toolStakeOf({ name: 'search_data_sources', serverId: 'internal', external: false }, undefined)).toBe('never_ask');
  });

  it('takes the server stake, and a tool stake over it', () => {
    const settings = { servers: { srv: 'medium' as const }, tools: { echo: 'never_ask' as const } };
    expect(toolStakeOf({ name: 'other', serverId: 'srv', readOnly: true }, settings)).toBe('medium');
    expect(toolStakeOf({ name: 'echo', serverId: 'srv' }, settings)).toBe('never_ask');
    expect(toolStakeOf({ name: 'other', serverId: 'elsewhere', external: true }, settings)).toBe('high');
  });

  it('ignores inherited keys of the settings objects', () => {
    expect(toolStakeOf({ name: 'toString', serverId: 'constructor', external: true, readOnly: true }, { servers: {}, tools: {} })).toBe('low');
  });
});

describe('needsApproval', () => {
  it('never asks for never_ask, always asks for high, and lets a remembered yes cover low and medium', () => {
    expect(needsApproval('never_ask', false)).toBe(false);
    expect(needsApproval('low', false)).toBe(true);
    expect(needsApproval('low', true)).toBe(false);
    expect(needsApproval('medium', true)).toBe(false);
    expect(needsApproval('high', true)).toBe(true);
  });

  it('keys a remembered approval by server and tool', () => {
    expect(toolApprovalKey({ name: 'echo', serverId: 's1' })).not.toBe(toolApprovalKey({ name: 'echo', serverId: 's2' }));
  });
});
