export { ApiClient, apiPath, CSRF_HEADER, type ApiClientOptions, type RequestOptions } from './api-client';
export { ApiError, NETWORK_ERROR } from './api-error';
export { ApiProvider, createApi, useApi, type Api } from './api-context';
export { AuthApi, oidcStartUrl } from './auth';
export { agentMessageEventsPath, ConversationsApi, type ConversationListPage, type MessagePage } from './conversations';
export { HistoryApi } from './history';
