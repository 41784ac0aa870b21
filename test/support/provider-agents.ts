import { assistant } from './agent-assistant-body';
import { AgentApi } from './agent-run-helpers';
import type { FakeModelServer } from './fake-model-servers';
import { PROVIDER_WIRE_CASES, type ProviderWireCase } from './provider-wire-cases';
import { call } from './test-app';

/**
 * An app pointed at a fake server of each of Anthropic, Google and Mistral, with one agent per
 * provider on that provider's model (and reasoning effort), built by the specs that drive them.
 */
export class ProviderAgents {
  private constructor(
    readonly api: AgentApi,
    private readonly fakes: ReadonlyMap<string, FakeModelServer>,
    private readonly agents: Map<string, string>,
  ) {}

  /** Starts the fakes and the app; `actions` are the tools each agent gets (made once the app runs). */
  static async start(actions: (api: AgentApi) => Promise<unknown[]> = async () => []): Promise<ProviderAgents> {
    const started = await Promise.all(PROVIDER_WIRE_CASES.map(async (wire) => [wire, await wire.start()] as const));
    const fakes = new Map(started.map(([wire, fake]) => [wire.providerId, fake]));
    const env: Record<string, string> = Object.assign({}, ...started.map(([wire, fake]) => wire.env(fake)));
    const api = await AgentApi.start(env);
    const agentActions = await actions(api);
    const agents = new Map<string, string>();
    for (const wire of PROVIDER_WIRE_CASES) {
      const model = { providerId: wire.providerId, modelId: wire.modelId, temperature: 0.4, ...(wire.reasoningEffort ? { reasoningEffort: wire.reasoningEffort } : {}) };
      const body = assistant({ name: `handbook-${wire.providerId}`, model, actions: agentActions });
      const created = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, { key: api.key, body: { assistant: body } });
      expect([created.status, created.body.error]).toEqual([200, undefined]);
      agents.set(wire.providerId, created.body.agentConfiguration.sId);
    }
    return new ProviderAgents(api, fakes, agents);
  }

  /** The case of a provider. */
  wire(providerId: string): ProviderWireCase {
    const wire = PROVIDER_WIRE_CASES.find((candidate) => candidate.providerId === providerId);
    if (wire === undefined) throw new Error(`no case for ${providerId}`);
    return wire;
  }

  /** The fake server of a provider. */
  fake(providerId: string): FakeModelServer {
    const fake = this.fakes.get(providerId);
    if (fake === undefined) throw new Error(`no fake for ${providerId}`);
    return fake;
  }

  /** The sId of the agent running on a provider's model. */
  agent(providerId: string): string {
    const agent = this.agents.get(providerId);
    if (agent === undefined) throw new Error(`no agent for ${providerId}`);
    return agent;
  }

  /** Forgets what each fake was scripted with and received. */
  reset(): void {
    this.fakes.forEach((fake) => fake.reset());
  }

  async close(): Promise<void> {
    await this.api.t.close();
    await Promise.all([...this.fakes.values()].map((fake) => fake.close()));
  }
}
