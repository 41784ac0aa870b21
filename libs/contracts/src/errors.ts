/** Error types on the wire (`{"error": {"type", "message"}}`) and the HTTP status each maps to. */
export const ERROR_STATUS = {
  invalid_request_error: 400,
  model_disabled: 400,
  not_authenticated: 401,
  missing_authorization_header_error: 401,
  malformed_authorization_header_error: 401,
  invalid_api_key_error: 401,
  user_not_found: 401,
  workspace_auth_error: 403,
  user_authentication_required: 401,
  workspace_not_found: 404,
  conversation_not_found: 404,
  conversation_access_restricted: 403,
  message_not_found: 404,
  agent_configuration_not_found: 404,
  space_not_found: 404,
  data_source_not_found: 404,
  data_source_view_not_found: 404,
  table_not_found: 404,
  file_not_found: 404,
  action_not_found: 404,
  mcp_server_connection_not_found: 404,
  mcp_auth_error: 403,
  mcp_server_not_found: 404,
  mcp_server_view_not_found: 404,
  action_not_blocked: 400,
  file_type_not_supported: 400,
  file_too_large: 400,
  file_is_empty: 400,
  not_found: 404,
  method_not_supported_error: 405,
  content_too_large: 413,
  rate_limit_error: 429,
  internal_server_error: 500,
  service_unavailable: 503,
  data_source_auth_error: 403,
  data_source_error: 400,
  data_source_document_not_found: 404,
  invalid_rows_request_error: 400,
  table_row_not_found: 404,
  table_import_in_progress: 409,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export interface ErrorEnvelope {
  readonly error: { readonly type: string; readonly message: string };
}
