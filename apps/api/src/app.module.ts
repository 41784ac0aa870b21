import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { AgentConfigurationsModule } from './agents/configurations/agent-configurations.module';
import { AgentMessageEventsModule } from './conversations/agent-message-stream/agent-message-events.module';
import { AgentRunnerModule } from './agent-runner';
import { AggregateWritersModule } from './event-sourcing/writing/aggregate-writers.module';
import { ApiKeyGuard } from './auth/api-key.guard';
import { Callers } from './auth/callers';
import { PeopleModule } from './people/people.module';
import { MentionsModule } from './mentions/mentions.module';
import { ConversationsModule } from './conversations/conversations.module';
import { ErrorEnvelopeFilter } from './common/http/error-envelope.filter';
import { JsonBodyMiddleware } from './common/http/json-body.middleware';
import { RequestLogMiddleware } from './common/http/request-log.middleware';
import { createValidationPipe } from './common/http/request-validation.pipe';
import type { ApiConfig } from './config/api-config';
import { HealthController } from './health/health.controller';
import { ProjectorMetrics } from './health/projector-metrics';
import { ProjectorReadinessProbe } from './health/projector-readiness';
import { GetWorkspaceStatusHandler } from './health/queries/get-workspace-status.query';
import { ReadinessCheck } from './health/readiness-check';
import { WorkspaceStatusController } from './health/workspace-status.controller';
import { CompileCacheWriter } from './infrastructure/compile-cache-writer';
import { EmbeddedProjector } from './infrastructure/embedded-projector';
import { HttpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { MetricsModule } from './metrics/metrics.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { CoreModule } from './infrastructure/core.module';
import { StorageModule } from './infrastructure/storage.module';
import { WorkspacesModule } from './workspaces/workspaces.module';
import { ProjectsModule } from './projects/projects.module';
import { DustAppsModule } from './dust-apps/dust-apps.module';
import { DataSourcesModule } from './data-sources/data-sources.module';
import { McpModule } from './mcp/mcp.module';
import { SearchModule } from './search/search.module';
import { BlobStoreModule } from './files/blob-store.module';
import { FilesModule } from './files/files.module';
import { FileCopierModule } from './files/file-copier.module';
import { FILE_COPIER } from './conversations/forking/file-copier.port';
import { ToolApprovalsModule } from './tool-approvals/tool-approvals.module';
import { RemoteMcpModule } from './remote-mcp/remote-mcp.module';
import { SkillsModule } from './skills/skills.module';
import { TriggersModule } from './triggers/triggers.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { AuditModule } from './audit/audit.module';
import { ConsumptionModule } from './consumption/consumption.module';
import { WebAppModule } from './web/web-app.module';

/** The api application: HTTP and SSE, commands and queries, and (embedded) the projector. */
@Module({})
export class AppModule {
  /** `extraModules` (tests) may replace a default provider: a module exporting FILE_COPIER replaces the files feature's. */
  static register(config: ApiConfig, logger: Logger, extraModules: readonly DynamicModule[] = []): DynamicModule {
    const replaced = (token: symbol) => extraModules.some((module) => module.exports?.includes(token));
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, logger),
        MetricsModule,
        StorageModule,
        AggregateWritersModule,
        CqrsModule.forRoot(),
        RateLimitsModule,
        WorkspacesModule,
        ProjectsModule,
        DustAppsModule,
        ConversationsModule,
        AgentConfigurationsModule,
        AgentRunnerModule,
        AgentMessageEventsModule,
        DataSourcesModule,
        McpModule,
        SearchModule,
        BlobStoreModule,
        FilesModule,
        ...(replaced(FILE_COPIER) ? [] : [FileCopierModule]),
        ToolApprovalsModule,
        RemoteMcpModule,
        SkillsModule,
        TriggersModule,
        SubscriptionsModule,
        AuditModule,
        ConsumptionModule,
        PeopleModule,
        MentionsModule,
        WebAppModule,
        ...extraModules,
      ],
      controllers: [HealthController, WorkspaceStatusController],
      providers: [
        Callers,
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_FILTER, useFactory: () => new ErrorEnvelopeFilter(logger) },
        { provide: APP_PIPE, useValue: createValidationPipe() },
        EmbeddedProjector,
        ProjectorReadinessProbe,
        ReadinessCheck,
        GetWorkspaceStatusHandler,
        ProjectorMetrics,
        CompileCacheWriter,
        // Mounted by createApp ahead of every route (mountRequestMiddlewares), in this order.
        RequestLogMiddleware,
        HttpMetricsMiddleware,
        JsonBodyMiddleware,
      ],
    };
  }
}
