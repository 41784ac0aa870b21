import { describe, expect, it } from '@jest/globals';
import { dataSourceViewToolId, stakeOf, tableToolId, withStake, withTool } from './agent-tool-choices';

describe("the agent editor's tool choices", () => {
  it('names tables and data source views as the api reads them', () => {
    expect(tableToolId('ds1', 'orders')).toBe('query_tables:ds1:orders');
    expect(dataSourceViewToolId('dsv_1')).toBe('data_source_view:dsv_1');
  });

  it('adds a tool once, at the end, and removes it keeping the order of the others', () => {
    expect(withTool(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(withTool(['a', 'c', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(withTool(['a', 'c', 'b'], 'c', false)).toEqual(['a', 'b']);
  });

  it('sets, changes and removes the stakes of a server or a tool without touching the others', () => {
    const stakes = withStake(withStake({}, 'servers', 'rms_1', 'high'), 'tools', 'search', 'never_ask');
    expect(stakes).toEqual({ servers: { rms_1: 'high' }, tools: { search: 'never_ask' } });
    expect(stakeOf(stakes, 'servers', 'rms_1')).toBe('high');
    expect(stakeOf(stakes, 'tools', 'other')).toBe('');
    expect(withStake(stakes, 'servers', 'rms_1', 'low')).toEqual({ servers: { rms_1: 'low' }, tools: { search: 'never_ask' } });
    expect(withStake(stakes, 'tools', 'search', '')).toEqual({ servers: { rms_1: 'high' }, tools: {} });
    // An inherited name is not a setting.
    expect(stakeOf({ tools: {} }, 'tools', 'toString')).toBe('');
  });
});
