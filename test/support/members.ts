import { call } from './test-app';

/**
 * The user id (`sId`) of the member a key is bound to, as the api shows it: on the messages that
 * member posts. Posts one message, mentioning no agent, in a conversation of its own.
 */
export async function memberId(baseUrl: string, workspaceId: string, memberKey: string): Promise<string> {
  const posted = await call(baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations`, {
    key: memberKey,
    body: { title: 'Who am I', message: { content: 'Hello', mentions: [], context: { timezone: 'UTC' } } },
  });
  const sId: unknown = posted.body?.message?.user?.sId;
  if (posted.status !== 200 || typeof sId !== 'string') throw new Error(`post as the member: ${posted.status} ${JSON.stringify(posted.body)}`);
  return sId;
}
