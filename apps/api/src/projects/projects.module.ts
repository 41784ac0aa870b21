import { Module } from '@nestjs/common';
import { UpdateProjectMetadataHandler } from './commands/update-project-metadata.command';
import { ProjectAccess } from './project-access';
import { ProjectsController } from './projects.controller';
import { SpaceMembersController } from './space-members.controller';
import { SetSpaceMembersHandler } from './commands/set-space-members.command';
import { GetProjectMetadataHandler } from './queries/get-project-metadata.query';
import { ListSpaceConversationIdsHandler } from './queries/list-space-conversation-ids.query';
import { ListSpaceConversationsHandler } from './queries/list-space-conversations.query';
import { ListProjectFilesHandler } from './queries/list-project-files.query';

/** Projects (spaces of kind project), their files, the lists of a space's conversations, and who a space holds. */
@Module({
  controllers: [ProjectsController, SpaceMembersController],
  providers: [ProjectAccess, GetProjectMetadataHandler, ListSpaceConversationIdsHandler, ListSpaceConversationsHandler, ListProjectFilesHandler, UpdateProjectMetadataHandler, SetSpaceMembersHandler],
  exports: [ProjectAccess],
})
export class ProjectsModule {}
