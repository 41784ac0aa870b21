import type { SkillImportConflict } from '@app/contracts/http/skill.dto';
import type { ImportSkillsResponse, SkillConfiguration, SkippedSkillImport } from '@app/contracts/http/skill.types';
import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { ApiError } from '../../common/http/api-error';
import { newPrefixedId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { readUploadedPart } from '../../files/multipart-upload';
import { SkillAccess } from '../skill-access';
import { EMPTY_SKILL_DEFINITION } from '../skill-input';
import { SkillReader } from '../skill-reader';
import { SkillWriter } from '../skill-writer';
import { SkillAttachmentFiles, textAttachmentsOf, type TextAttachment } from '../importing/skill-attachment-files';
import { readSkillBundles, SKILL_BUNDLE_LIMITS, SkillBundleError, type SkillBundle } from '../importing/skill-bundle';

/**
 * Imports skills from an uploaded `SKILL.md` or a zip of skill folders (multipart, one part named
 * `file`). A skill whose name a live skill already has is refused (`onConflict=error`, the default:
 * nothing is written), left as it is (`skip`), or saved over as a new version of that skill
 * (`override`, which takes the right to change it). Files beside a `SKILL.md` become its attachments.
 */
export class ImportSkillsCommand extends Command<ImportSkillsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly request: IncomingMessage,
    readonly onConflict: SkillImportConflict,
  ) {
    super();
  }
}

/** One bundle with what it will become. */
interface PlannedImport {
  readonly bundle: SkillBundle;
  readonly attachments: TextAttachment[];
  readonly existing: SkillDocument | null;
}

@CommandHandler(ImportSkillsCommand)
export class ImportSkillsHandler implements ICommandHandler<ImportSkillsCommand> {
  constructor(
    private readonly access: SkillAccess,
    private readonly writer: SkillWriter,
    private readonly reader: SkillReader,
    private readonly attachmentFiles: SkillAttachmentFiles,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, request, onConflict }: ImportSkillsCommand): Promise<ImportSkillsResponse> {
    requireBuilder(auth);
    const bundles = await this.bundlesOf(request);
    const plans = await this.plan(auth, bundles, onConflict);
    const created: string[] = [];
    const overridden: string[] = [];
    const skipped: SkippedSkillImport[] = [];
    let lastPosition: number | null = null;
    for (const { bundle, attachments, existing } of plans) {
      const { name, description, instructions } = bundle.skill;
      if (existing && onConflict === 'skip') {
        skipped.push({ name, message: `A skill named "${existing.definition.name}" already exists.`, skillId: existing.sId });
        continue;
      }
      const skillId = existing?.sId ?? newPrefixedId('skl');
      const fileIds: string[] = [];
      for (const attachment of attachments) fileIds.push(await this.attachmentFiles.store(auth, skillId, attachment));
      const base = existing?.definition ?? EMPTY_SKILL_DEFINITION;
      const input = { ...base, name, agentFacingDescription: description, userFacingDescription: base.userFacingDescription || description, instructions, fileIds };
      if (existing) {
        lastPosition = (await this.writer.update(auth, existing, input, existing.savedStatus)) ?? lastPosition;
        overridden.push(skillId);
      } else {
        lastPosition = (await this.writer.create(auth, input, 'active', skillId)).position ?? lastPosition;
        created.push(skillId);
      }
    }
    if (lastPosition !== null) await this.readModels.waitFor(lastPosition);
    return { imported: await this.rendered(auth, created), updated: await this.rendered(auth, overridden), skipped };
  }

  private async rendered(auth: AuthContext, skillIds: readonly string[]): Promise<SkillConfiguration[]> {
    const docs = await this.readModels.getMany<SkillDocument>('skills', skillIds);
    return this.reader.renderMany(auth, skillIds.flatMap((id) => docs.get(id) ?? []));
  }

  /** Reads and checks the whole upload before anything is written. */
  private async bundlesOf(request: IncomingMessage): Promise<SkillBundle[]> {
    const part = await readUploadedPart(request, SKILL_BUNDLE_LIMITS.maxUploadBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > SKILL_BUNDLE_LIMITS.maxUploadBytes) {
        part.stream.resume();
        throw new ApiError('content_too_large', `The upload is larger than ${SKILL_BUNDLE_LIMITS.maxUploadBytes} bytes.`);
      }
      chunks.push(chunk);
    }
    await part.finished;
    if (size === 0) throw new ApiError('invalid_request_error', 'The uploaded file is empty.');
    try {
      return await readSkillBundles(Buffer.concat(chunks));
    } catch (error) {
      if (error instanceof SkillBundleError) throw new ApiError('invalid_request_error', `Invalid skill upload: ${error.message}`);
      throw error;
    }
  }

  /** Each bundle's attachments and rival; refuses duplicates and, with `error`, any rival, before writing. */
  private async plan(auth: AuthContext, bundles: readonly SkillBundle[], onConflict: SkillImportConflict): Promise<PlannedImport[]> {
    const names = new Set<string>();
    const plans: PlannedImport[] = [];
    for (const bundle of bundles) {
      const key = bundle.skill.name.toLowerCase();
      if (names.has(key)) throw new ApiError('invalid_request_error', `Invalid skill upload: two skills are named "${bundle.skill.name}".`);
      names.add(key);
      let attachments: TextAttachment[];
      try {
        attachments = textAttachmentsOf(bundle.files);
      } catch (error) {
        if (error instanceof SkillBundleError) throw new ApiError('invalid_request_error', `Invalid skill upload: ${error.message}`);
        throw error;
      }
      const existing = await this.reader.activeNamed(auth.workspace.sId, bundle.skill.name);
      if (existing && onConflict === 'error') {
        throw new ApiError('invalid_request_error', `A skill named "${bundle.skill.name}" already exists (import again with onConflict=skip or onConflict=override).`);
      }
      if (existing && onConflict === 'override') await this.access.writable(auth, existing.sId);
      plans.push({ bundle, attachments, existing });
    }
    return plans;
  }
}
