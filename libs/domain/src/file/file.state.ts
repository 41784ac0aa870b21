/** What the file decider needs to know of a file. */
export type FileState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'created' | 'processing' | 'ready' | 'failed' | 'deleted';
      readonly workspaceId: string;
      readonly fileId: string;
      readonly fileSize: number;
      readonly originalHash: string | null;
      readonly processedHash: string | null;
    };
