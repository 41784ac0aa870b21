import type { GetProjectFilesResponse, ProjectDirectoryEntry, ProjectFileEntry } from '@app/contracts/http/project-files.types';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ProjectAccess } from '../project-access';

/**
 * The files of a project (`getSpaceProjectFiles()`): the uploaded `project_context` files of the
 * space, as a mount lists them: by path, each folder (from the `/` in their names) just before what
 * it holds. With
 * `updatedSince`, only what changed after it (a folder when a file below it did).
 */
export class ListProjectFilesQuery extends Query<GetProjectFilesResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly updatedSince: number | null,
  ) {
    super();
  }
}

@QueryHandler(ListProjectFilesQuery)
export class ListProjectFilesHandler implements IQueryHandler<ListProjectFilesQuery> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, spaceId, updatedSince }: ListProjectFilesQuery): Promise<GetProjectFilesResponse> {
    const project = await this.access.project(auth, spaceId, 'Project files');
    const docs = await this.readModels.find<FileDocument>('files', { where: { spaceId: project.sId, status: 'ready' } });
    const files = docs
      .filter((doc) => doc.workspaceId === auth.workspace.sId && (updatedSince === null || doc.updatedAt > updatedSince))
      .map((doc) => this.fileEntry(doc));
    return { files: [...directoriesOf(files), ...files].sort((a, b) => a.path.localeCompare(b.path)) };
  }

  private fileEntry(doc: FileDocument): ProjectFileEntry {
    const path = `/${doc.fileName.split('/').filter(Boolean).join('/')}`;
    return {
      isDirectory: false,
      fileName: path.slice(path.lastIndexOf('/') + 1),
      path,
      sizeBytes: doc.fileSize,
      lastModifiedMs: doc.updatedAt,
      contentType: doc.contentType,
      fileId: doc.sId,
      thumbnailUrl: null,
      signedDownloadUrl: `${this.config.publicUrl}/api/w/${doc.workspaceId}/files/${doc.sId}`,
    };
  }
}

/** The folders the files' paths go through, each with the bytes and the latest change below it. */
function directoriesOf(files: readonly ProjectFileEntry[]): ProjectDirectoryEntry[] {
  const directories = new Map<string, ProjectDirectoryEntry>();
  for (const file of files) {
    const parts = file.path.split('/').slice(1, -1);
    parts.forEach((name, i) => {
      const path = `/${parts.slice(0, i + 1).join('/')}`;
      const seen = directories.get(path);
      directories.set(path, {
        isDirectory: true,
        fileName: name,
        path,
        sizeBytes: (seen?.sizeBytes ?? 0) + file.sizeBytes,
        lastModifiedMs: Math.max(seen?.lastModifiedMs ?? 0, file.lastModifiedMs),
      });
    });
  }
  return [...directories.values()];
}
