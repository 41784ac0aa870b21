import type { AgentMessageStatusChanged } from '@app/contracts/events/conversation/conversation.events';
import { agentMessageCreated } from '@app/contracts/test/conversation.fixtures';
import { deciderSpec } from '../../test/decider-spec.helper';
import { NOW, agentA, agentB, answered, commandBase, eventBase, succeeded } from '../../test/conversation-decider.fixtures';
import { conversationDecider } from './conversation.decider';

/** Retrying, cancelling and completing agent messages. */
const spec = deciderSpec(conversationDecider);

describe('conversation decider', () => {
  describe('RetryAgentMessage', () => {
    const retry = {
      type: 'RetryAgentMessage' as const,
      ...commandBase,
      messageId: 'agtmsg0001',
      newMessageId: 'agtmsg0002',
    };

    it('adds a new version of a finished agent message in the same rank', () => {
      spec
        .given([...answered, succeeded('agtmsg0001')])
        .when(retry)
        .then([
          agentMessageCreated('agtmsg0002', 1, 'usrmsg0001', {
            at: NOW,
            version: 1,
            configuration: agentA,
            previousMessageId: 'agtmsg0001',
          }),
        ]);
    });

    it('uses a fresh agent snapshot when given', () => {
      const [event] = spec
        .given([...answered, succeeded('agtmsg0001')])
        .when({ ...retry, configuration: agentB })
        .events();
      expect(event.type === 'AgentMessageCreated' && event.data.configuration).toEqual(agentB);
    });

    it('refuses a user message, a running message and an old version', () => {
      spec.given(answered).when({ ...retry, messageId: 'usrmsg0001' }).thenThrows('invalid_request_error');
      spec.given(answered).when(retry).thenThrows('invalid_request_error', 'still running');
      const history = [...answered, succeeded('agtmsg0001')];
      const retried = spec.given(history).when(retry).events();
      spec
        .given([...history, ...retried])
        .when({ ...retry, newMessageId: 'agtmsg0003' })
        .thenThrows('invalid_request_error', 'latest version');
    });
  });

  describe('CancelAgentMessages and CompleteAgentMessage', () => {
    const cancel = (messageIds: string[]) => ({
      type: 'CancelAgentMessages' as const,
      ...commandBase,
      messageIds,
    });
    /** The status change decided at NOW for the running agent message of `answered`. */
    const decided = (
      outcome: Pick<AgentMessageStatusChanged['data'], 'status' | 'content' | 'contents'>,
    ): AgentMessageStatusChanged => ({
      type: 'AgentMessageStatusChanged',
      data: { ...eventBase, messageId: 'agtmsg0001', configurationId: agentA.sId, ...outcome, completedTs: NOW },
    });
    const complete = {
      type: 'CompleteAgentMessage' as const,
      ...commandBase,
      messageId: 'agtmsg0001',
      status: 'succeeded' as const,
      content: 'The answer',
      contents: [{ step: 0, content: { type: 'text_content' as const, value: 'The answer' } }],
    };

    it('cancels only running agent messages', () => {
      spec
        .given(answered)
        .when(cancel(['agtmsg0001', 'agtmsg0001', 'usrmsg0001', 'unknown000']))
        .then([decided({ status: 'cancelled' })]);
      spec.given([...answered, succeeded('agtmsg0001')]).when(cancel(['agtmsg0001'])).thenNothing();
    });

    it('records the outcome once', () => {
      spec
        .given(answered)
        .when(complete)
        .then([
          decided({
            status: 'succeeded',
            content: 'The answer',
            contents: [{ step: 0, content: { type: 'text_content', value: 'The answer' } }],
          }),
        ]);
      spec.given([...answered, succeeded('agtmsg0001')]).when(complete).thenNothing();
      spec.given(answered).when({ ...complete, messageId: 'unknown000' }).thenThrows('message_not_found');
      spec.given(answered).when({ ...complete, messageId: 'usrmsg0001' }).thenThrows('invalid_request_error');
    });

    it('keeps on a message cancelled while it ran what its run had produced, once, and leaves it cancelled', () => {
      const cancelled = spec.given(answered).when(cancel(['agtmsg0001'])).events();
      const stopped = { ...complete, status: 'cancelled' as const, content: 'The ans', toolCalls: [], completionDurationMs: 250, completedTs: NOW + 5 };
      const recorded = {
        type: 'AgentMessageCancelledOutcomeRecorded' as const,
        data: { ...eventBase, messageId: 'agtmsg0001', configurationId: agentA.sId, content: 'The ans', contents: complete.contents, toolCalls: [], completionDurationMs: 250 },
      };
      spec.given([...answered, ...cancelled]).when(stopped).then([recorded]);
      // A run that ended otherwise as the cancel landed: its text is kept, not its status or error.
      spec
        .given([...answered, ...cancelled])
        .when({ ...stopped, status: 'failed' as const, error: { code: 'model_error', message: 'boom', metadata: null } })
        .then([recorded]);
      spec.given([...answered, ...cancelled, recorded]).when(stopped).thenNothing();
      // A cancel its runner recorded carries the run's outcome already.
      const cancelledByItsRunner = decided({ status: 'cancelled', content: 'The ans', contents: [] });
      spec.given([...answered, { ...cancelledByItsRunner, data: { ...cancelledByItsRunner.data, toolCalls: [] } }]).when(stopped).thenNothing();
    });
  });
});
