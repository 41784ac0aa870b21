/** A folder of a project's files, as the official client's `getSpaceProjectFiles` reads it. */
export interface ProjectDirectoryEntry {
  readonly isDirectory: true;
  readonly fileName: string;
  /** Path in the project's mount, from its root (`/reports`). */
  readonly path: string;
  /** Bytes of the files below it. */
  readonly sizeBytes: number;
  /** Latest change of a file below it (epoch ms). */
  readonly lastModifiedMs: number;
}

/** A file of a project. */
export interface ProjectFileEntry {
  readonly isDirectory: false;
  readonly fileName: string;
  /** Path in the project's mount (`/reports/q3.txt`). */
  readonly path: string;
  readonly sizeBytes: number;
  readonly lastModifiedMs: number;
  readonly contentType: string;
  readonly fileId: string | null;
  readonly thumbnailUrl: string | null;
  readonly signedDownloadUrl: string | null;
}

/** `GET /api/v1/w/{wId}/spaces/{spaceId}/project_files`. */
export interface GetProjectFilesResponse {
  readonly files: readonly (ProjectDirectoryEntry | ProjectFileEntry)[];
}
