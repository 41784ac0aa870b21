import {
  agentActionV1ToV2,
  agentMessageCreatedV1ToV2,
  agentMessageStatusChangedV1ToV2,
  agentRunSucceededV1ToV2,
  userMessageV1ToV2,
  type StoredData,
} from './upcast-v1';

/** The shape upcasting needs from a stored event. */
export interface VersionedEvent {
  readonly type: string;
  readonly data: { readonly [key: string]: unknown };
  readonly metadata: { readonly schemaVersion: number };
}

/**
 * Current schema version of every event type written today. Version 2: events record facts
 * (agent snapshots, tool calls, mention displays) instead of embedding response shapes.
 */
export const CURRENT_SCHEMA_VERSION = 2;

/**
 * Brings a stored event to the current schema. Both apps call it before anything else reads an
 * event. Adding an optional field needs no case here; any other change bumps `schemaVersion` and adds
 * a case that rewrites the older shape. Types without a case kept their shape across versions.
 */
export function upcast<E extends VersionedEvent>(event: E): E {
  if (event.metadata.schemaVersion >= CURRENT_SCHEMA_VERSION) return event;
  let data: StoredData = event.data;
  for (let version = event.metadata.schemaVersion; version < CURRENT_SCHEMA_VERSION; version += 1) {
    data = upcastData(event.type, version, data);
  }
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: CURRENT_SCHEMA_VERSION } };
}

/** The data of an event of `type` at schema `version`, rewritten to `version + 1`. */
function upcastData(type: string, version: number, data: StoredData): StoredData {
  if (version !== 1) return data;
  switch (type) {
    case 'UserMessagePosted':
    case 'UserMessageEdited':
      return userMessageV1ToV2(data);
    case 'AgentMessageCreated':
      return agentMessageCreatedV1ToV2(data);
    case 'AgentMessageStatusChanged':
      return agentMessageStatusChangedV1ToV2(data);
    case 'AgentToolParamsRecorded':
    case 'AgentActionSucceeded':
    case 'AgentActionFailed':
      return agentActionV1ToV2(data);
    case 'AgentRunSucceeded':
      return agentRunSucceededV1ToV2(data);
    default:
      return data;
  }
}
