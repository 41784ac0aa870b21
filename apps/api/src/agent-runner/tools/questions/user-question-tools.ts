import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AgentTools } from '../agent-tools';
import type { ToolCallRequest, ToolCallResult, ToolContext, ToolDefinition, ToolRegistry } from '../tool-registry.port';
import { ASK_USER_QUESTION_TOOL, askUserQuestionDefinition } from './user-question';

/**
 * The `ask_user_question` tool of agents whose toolset names it. Its calls never reach this
 * registry: the approval gate records the question, waits for the answer and returns it, as it
 * does for a call waiting for approval (so the wait survives a restart the same way).
 */
@Injectable()
export class UserQuestionTools implements ToolRegistry, OnModuleInit {
  constructor(private readonly tools: AgentTools) {}

  onModuleInit(): void {
    this.tools.register(this);
  }

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    return ctx.toolset.includes(ASK_USER_QUESTION_TOOL) ? [askUserQuestionDefinition] : [];
  }

  async callTool(call: ToolCallRequest): Promise<ToolCallResult> {
    const message = `${call.name} is answered by the user, not run.`;
    return { ok: false, output: [{ type: 'text', text: message }], error: { code: 'tool_execution_error', message } };
  }
}
