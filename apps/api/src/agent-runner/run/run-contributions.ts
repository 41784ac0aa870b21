import { Injectable } from '@nestjs/common';

/** The run a contributor adds to. */
export interface RunContributionContext {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly agentMessageId: string;
  readonly agentConfigurationId: string;
  /** The version of the agent the message mentioned (absent: its current version). */
  readonly agentConfigurationVersion?: number;
  /** The member the run answers, or null (a key not bound to one). */
  readonly userId: string | null;
}

/** Toolset entries a run may take up midway, once a tool call answers `unlocks` with `key`. */
export interface DormantToolset {
  readonly key: string;
  readonly toolset: readonly string[];
}

/**
 * What a contributor adds to a run: sections after the agent's instructions, toolset entries, and
 * toolsets that join the run only when a call unlocks them (a skill the agent enables midway).
 */
export interface RunContribution {
  readonly systemSections: readonly string[];
  readonly toolset: readonly string[];
  readonly dormant?: readonly DormantToolset[];
}

/** A feature that adds to every run (skills add their instructions, tools and knowledge). */
export interface RunContributor {
  contribute(context: RunContributionContext): Promise<RunContribution>;
}

const NOTHING: RunContribution = { systemSections: [], toolset: [] };

/**
 * The port through which features add to a run's system prompt and toolset without the runner
 * knowing them: contributors `register` once at startup; the prompt step and the tools entry ask
 * for the run's contribution, each contributor's in the order they registered.
 */
@Injectable()
export class RunContributions {
  private readonly contributors: RunContributor[] = [];

  register(contributor: RunContributor): () => void {
    this.contributors.push(contributor);
    return () => {
      const index = this.contributors.indexOf(contributor);
      if (index >= 0) this.contributors.splice(index, 1);
    };
  }

  async of(context: RunContributionContext): Promise<RunContribution> {
    if (this.contributors.length === 0) return NOTHING;
    const parts = await Promise.all(this.contributors.map((contributor) => contributor.contribute(context)));
    const dormant = parts.flatMap((part) => part.dormant ?? []);
    return {
      systemSections: parts.flatMap((part) => part.systemSections),
      toolset: parts.flatMap((part) => part.toolset),
      ...(dormant.length > 0 ? { dormant } : {}),
    };
  }
}
