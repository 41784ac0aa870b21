import type { FileResponse } from '@app/contracts/http/file.types';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';

/** The wire shape of a file: `processing` shows as `created`, as the real service never exposes it. */
export function renderFile(doc: FileDocument, publicUrl: string): FileResponse {
  const status = doc.status === 'processing' ? 'created' : doc.status;
  return {
    id: doc.sId,
    sId: doc.sId,
    contentType: doc.contentType,
    fileName: doc.fileName,
    fileSize: doc.fileSize,
    status,
    useCase: doc.useCase,
    useCaseMetadata: doc.useCaseMetadata,
    ...(doc.status === 'created' ? { uploadUrl: `${publicUrl}/api/v1/w/${doc.workspaceId}/files/${doc.sId}` } : {}),
    ...(doc.status === 'ready' ? { downloadUrl: `${publicUrl}/api/w/${doc.workspaceId}/files/${doc.sId}` } : {}),
    ...(doc.status === 'failed' && doc.failureReason ? { failureReason: doc.failureReason } : {}),
    createdAt: doc.createdAt,
  };
}
