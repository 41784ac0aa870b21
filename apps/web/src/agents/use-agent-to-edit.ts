import type { AgentConfigurationFull } from '@app/contracts/http/agent-configuration.types';
import type { DisabledProviderResponse, WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { useEffect, useState } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';

/** What the editor starts from: the agent's current version (null for a new one) and the models the workspace allows. */
export type AgentToEdit =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly agent: AgentConfigurationFull | null;
      readonly models: readonly WorkspaceModelResponse[];
      readonly disabledProviders: readonly DisabledProviderResponse[];
    };

/**
 * Reads the agent (archived ones too: the editor restores them) and the workspace's models together,
 * so the form's first draft has both: a new agent starts on the first model the workspace allows.
 * Its page is keyed by the agent's id, so another agent starts from loading again.
 */
export function useAgentToEdit(wId: string, aId: string | null): AgentToEdit {
  const api = useApi();
  const [state, setState] = useState<AgentToEdit>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    Promise.all([aId === null ? null : api.agents.get(wId, aId, options), api.models.list(wId, options)]).then(
      ([agent, { models, disabledProviders }]) => setState({ status: 'ready', agent, models, disabledProviders }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [api, wId, aId]);
  return state;
}
