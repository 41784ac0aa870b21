import type { ImportSkillsResponse, ListSkillConfigurationsResponse, SkillConfigurationEnvelope, SkillHistoryResponse } from '@app/contracts/http/skill.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** Which skills a list shows. */
export type SkillListStatus = 'active' | 'archived';

/** What the editor changes of a skill; each field sent replaces its value. */
export interface SkillFields {
  readonly name: string;
  readonly userFacingDescription: string;
  readonly instructions: string;
}

/** What an import does with a skill whose name a live skill already has. */
export type ImportConflict = 'error' | 'skip' | 'override';

/**
 * The workspace's skills (`/api/w/{wId}/skills`): lists by status, one skill and its versions,
 * create, save a version, archive and restore, and the import of a SKILL.md or a zip of them.
 */
export class SkillsApi {
  constructor(private readonly client: ApiClient) {}

  list(wId: string, status: SkillListStatus, options?: RequestOptions): Promise<ListSkillConfigurationsResponse> {
    return this.client.get(`${apiPath`/api/w/${wId}/skills`}?status=${status}`, options);
  }

  get(wId: string, sId: string, options?: RequestOptions): Promise<SkillConfigurationEnvelope> {
    return this.client.get(apiPath`/api/w/${wId}/skills/${sId}`, options);
  }

  history(wId: string, sId: string, options?: RequestOptions): Promise<SkillHistoryResponse> {
    return this.client.get(apiPath`/api/w/${wId}/skills/${sId}/history`, options);
  }

  create(wId: string, fields: SkillFields): Promise<SkillConfigurationEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/skills`, fields);
  }

  /** Saves a new version (none when nothing changed). */
  update(wId: string, sId: string, fields: SkillFields): Promise<SkillConfigurationEnvelope> {
    return this.client.patch(apiPath`/api/w/${wId}/skills/${sId}`, fields);
  }

  archive(wId: string, sId: string): Promise<SkillConfigurationEnvelope> {
    return this.client.delete(apiPath`/api/w/${wId}/skills/${sId}`);
  }

  restore(wId: string, sId: string): Promise<SkillConfigurationEnvelope> {
    return this.client.post(apiPath`/api/w/${wId}/skills/${sId}/restore`);
  }

  /** Uploads a SKILL.md or a zip of skill folders as the one part `file`. */
  import(wId: string, file: File, onConflict: ImportConflict): Promise<ImportSkillsResponse> {
    const form = new FormData();
    form.append('file', file, file.name);
    return this.client.upload(`${apiPath`/api/w/${wId}/skills/import`}?onConflict=${onConflict}`, form);
  }
}

/** Where the page reads an attached file (the api serves it to the skill's readers only). */
export function skillFileUrl(wId: string, fileId: string): string {
  return `${apiPath`/api/w/${wId}/files/${fileId}`}?action=view`;
}
