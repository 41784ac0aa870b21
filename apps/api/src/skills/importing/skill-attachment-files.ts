import { fileCategoryOf } from '@app/contracts/files/file-formats';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '../../auth/auth-context';
import { newPrefixedId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { FileAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { chunks, SNIPPET_CHARS } from '../../files/file-processor';
import { SkillBundleError, utf8, type BundledFile } from './skill-bundle';

/** Content types of the text files skills carry, by extension; anything else is plain text. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  xml: 'text/xml',
  css: 'text/css',
  js: 'text/javascript',
  ts: 'text/typescript',
  py: 'text/x-python',
  sh: 'text/x-sh',
  yaml: 'text/yaml',
  yml: 'text/yaml',
  sql: 'text/x-sql',
};

/** A bundled file checked to be text, ready to be recorded. */
export interface TextAttachment {
  readonly path: string;
  readonly contentType: string;
  readonly text: string;
}

/** The bundled files as text attachments; 400 (before anything is written) for one that is not UTF-8 text. */
export function textAttachmentsOf(files: readonly BundledFile[]): TextAttachment[] {
  return files.map((file) => {
    const text = utf8(file.bytes);
    if (text === null) throw new SkillBundleError(`${file.path} is not UTF-8 text: a skill's files are text (scripts, references, templates).`);
    const extension = file.path.includes('.') ? file.path.slice(file.path.lastIndexOf('.') + 1).toLowerCase() : '';
    const contentType = TYPES_BY_EXTENSION[extension] ?? 'text/plain';
    return { path: file.path, contentType: fileCategoryOf(contentType) === 'text' ? contentType : 'text/plain', text };
  });
}

/**
 * Records the files of an imported skill as ready files of use case `skill_attachment`, tied to the
 * skill by `useCaseMetadata.skillId`: whoever reads the skill reads them, nobody else (spec 4.7).
 * The bytes go to the blob store first, then one append records each file requested, stored and
 * processed (its text is its processed version).
 */
@Injectable()
export class SkillAttachmentFiles {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly files: FileAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async store(auth: AuthContext, skillId: string, attachment: TextAttachment): Promise<string> {
    const stored = await this.blobs.put(chunks(Buffer.from(attachment.text, 'utf8')));
    const fileId = newPrefixedId('fil');
    const { position } = await this.files.run(
      fileId,
      {
        type: 'RecordTextFile',
        workspaceId: auth.workspace.sId,
        fileId,
        contentType: attachment.contentType,
        fileName: attachment.path,
        fileSize: stored.size,
        useCase: 'skill_attachment',
        useCaseMetadata: { skillId },
        keyId: auth.keyId,
        textHash: stored.hash,
        textBytes: stored.size,
        snippet: attachment.text.slice(0, SNIPPET_CHARS),
      },
      auth,
    );
    // The skill's save checks its files in the read model.
    if (position !== null) await this.readModels.waitFor(position);
    return fileId;
  }
}
