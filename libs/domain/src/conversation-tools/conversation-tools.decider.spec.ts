import type { ConversationToolsEvent } from '@app/contracts/events/conversation-tools.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import { conversationToolsDecider, type ConversationToolsCommand } from './conversation-tools.decider';

const spec = deciderSpec(conversationToolsDecider);
const base = { workspaceId: 'W0rkspace1', conversationId: 'C0nversat1', viewId: 'msv_one', userId: 'Us3r000001', now: 1_700_000_000_000 } as const;
const add: ConversationToolsCommand = { type: 'AddConversationTool', ...base };
const remove: ConversationToolsCommand = { type: 'RemoveConversationTool', ...base };
const data = { workspaceId: base.workspaceId, conversationId: base.conversationId, viewId: base.viewId, userId: base.userId, at: base.now };
const added: ConversationToolsEvent = { type: 'ConversationMcpServerViewAdded', data };
const removed: ConversationToolsEvent = { type: 'ConversationMcpServerViewRemoved', data };

describe('conversation tools decider', () => {
  it('adds a view once', () => {
    spec.given([]).when(add).then([added]);
    spec.given([added]).when(add).thenNothing();
  });

  it('removes a view that is there; removing one that is not records nothing', () => {
    spec.given([added]).when(remove).then([removed]);
    spec.given([]).when(remove).thenNothing();
    spec.given([added, removed]).when(remove).thenNothing();
    spec.given([added, removed]).when(add).then([added]);
  });
});
