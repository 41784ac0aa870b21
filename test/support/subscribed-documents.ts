import { call } from './test-app';

/**
 * A space with a data source in the workspace and a subscription of `receiverUrl` to
 * `document.upserted`: the documents path to write to, and the subscription with its secret.
 */
export async function subscribedDocuments(baseUrl: string, workspaceId: string, admin: string, receiverUrl: string) {
  const spaceId = (await call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name: 'Docs', isRestricted: false } })).body.space.sId;
  const dataSource = await call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key: admin, body: { name: 'handbook' } });
  const created = await call(baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions`, { key: admin, body: { url: receiverUrl, events: ['document.upserted'] } });
  if (created.status !== 200) throw new Error(`subscription not created: ${created.status} ${JSON.stringify(created.body)}`);
  return {
    documents: `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.body.dataSource.sId}/documents`,
    subscriptionId: created.body.subscription.sId as string,
    secret: created.body.secret as string,
  };
}
