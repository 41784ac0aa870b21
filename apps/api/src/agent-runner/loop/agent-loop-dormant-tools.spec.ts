// Tools held back until a call unlocks them: listed from the start, offered and executable only after.
import { OPENAI_API_MODES, bodyOf, runLoop, toolOutputSent, useFakeOpenAI } from '../../../../../test/support/agent-loop-harness';
import { StaticToolRegistry } from '../tools/static-tool-registry';

const openai = useFakeOpenAI();
const schema = { type: 'object' as const, properties: {} };

function registry(executed: string[]): StaticToolRegistry {
  return new StaticToolRegistry([
    {
      definition: { name: 'enable_orders', description: 'Enables the order tools.', inputSchema: schema },
      handler: () => ({ ok: true, output: [{ type: 'text', text: 'Enabled.' }], unlocks: ['skill:orders'] }),
    },
    {
      definition: { name: 'lookup_order', description: 'Looks an order up.', inputSchema: schema, unlockedBy: 'skill:orders' },
      handler: () => {
        executed.push('lookup_order');
        return 'Shipped.';
      },
    },
  ]);
}

const offeredNames = (index: number): string => JSON.stringify(bodyOf(openai.server.requests[index]).tools);

describe.each(OPENAI_API_MODES)('runAgentLoop with dormant tools (%s API)', (mode) => {
  it('offers a dormant tool from the step after the call that unlocks it, and not before', async () => {
    const executed: string[] = [];
    openai.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'enable_orders', args: {}, callId: 'call_enable' }] },
      { steps: [{ type: 'tool-call', name: 'lookup_order', args: {}, callId: 'call_lookup' }] },
      { steps: [{ type: 'text', tokens: ['Shipped.'] }] },
    );

    const { outcome } = await runLoop(openai.model(mode), { tools: registry(executed), maxSteps: 5 });

    expect(outcome.status).toBe('succeeded');
    expect(offeredNames(0)).toContain('enable_orders');
    expect(offeredNames(0)).not.toContain('lookup_order');
    expect(offeredNames(1)).toContain('lookup_order');
    expect(executed).toEqual(['lookup_order']);
  });

  it('does not execute a dormant tool the model calls before it is unlocked', async () => {
    const executed: string[] = [];
    openai.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'lookup_order', args: {}, callId: 'call_early' }] },
      { steps: [{ type: 'text', tokens: ['Sorry.'] }] },
    );

    const { outcome } = await runLoop(openai.model(mode), { tools: registry(executed), maxSteps: 5 });

    expect(outcome.status).toBe('succeeded');
    expect(executed).toEqual([]);
    expect(String(toolOutputSent(mode, openai.server.requests[1]).output)).toContain('lookup_order');
    expect(offeredNames(1)).not.toContain('lookup_order');
  });
});
