import type { AgentAction } from '@app/contracts/http/conversation.types';
import { describe, expect, it } from '@jest/globals';
import { outputOf, stepOf, webAddress } from './agent-step';

// A tool call of an answer as its step shows it, from the action the api records or streams.

const action = (status: string, output: AgentAction['output']) =>
  ({ sId: 'act_1', functionCallName: 'send_email', internalMCPServerName: 'mail', status, params: { to: 'ada@example.com' }, output }) as unknown as AgentAction;

describe('an agent step', () => {
  it('says how the call stands: running, done, failed, or declined by a person', () => {
    expect(stepOf(action('running', null))).toEqual({ id: 'act_1', name: 'send_email', serverName: 'mail', status: 'running', params: { to: 'ada@example.com' }, output: null });
    expect(['succeeded', 'errored', 'denied', 'blocked_validation_required'].map((status) => stepOf(action(status, [])).status)).toEqual(['done', 'failed', 'denied', 'running']);
  });

  it('reads the text and the documents of the output, links to http(s) addresses only', () => {
    const output = outputOf([
      { type: 'text', text: 'Found 2 document(s).' },
      { type: 'resource', resource: { uri: 'https://example.com/leave', ref: 'lea', title: 'Leave policy', sourceUrl: 'https://example.com/leave' } },
      { type: 'resource', resource: { uri: 'dust://data_source_views/dsv/documents/x', ref: 'exp', title: 'Expenses', sourceUrl: null } },
      { type: 'resource', resource: { uri: 'javascript:alert(1)' } },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ]);
    expect(output).toEqual({
      texts: ['Found 2 document(s).'],
      documents: [
        { title: 'Leave policy', url: 'https://example.com/leave', ref: 'lea' },
        { title: 'Expenses', url: null, ref: 'exp' },
        { title: 'javascript:alert(1)', url: null, ref: null },
      ],
    });
    expect(outputOf(null)).toEqual({ texts: [], documents: [] });
    expect([webAddress('HTTPS://x.org'), webAddress('data:text/html,x'), webAddress(3)]).toEqual(['HTTPS://x.org', null, null]);
  });
});
