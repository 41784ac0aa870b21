import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { workspaceList } from '../workspace-list';

/** The models a message of the workspace may choose (empty until they come, and if they cannot be read). */
export const useWorkspaceModels: (wId: string) => readonly WorkspaceModelResponse[] = workspaceList((api, wId) => api.models.list(wId).then((answer) => answer.models));
