import type { AgentConfigurationFull } from '@app/contracts/http/agent-configuration.types';
import { renderFullAgentConfiguration } from '@app/contracts/render/agent-configuration.render';
import type { DirectoryAgent } from '../directory/agent-directory.service';

/** The full variant of an agent as the directory found it (global agents have no tools to list; a workspace agent's come with their stakes). */
export function fullVariant(agent: DirectoryAgent): AgentConfigurationFull {
  return renderFullAgentConfiguration(agent.light, agent.kind === 'workspace' ? agent.doc.configuration : { toolset: [] });
}
