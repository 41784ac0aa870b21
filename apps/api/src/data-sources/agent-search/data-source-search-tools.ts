import type { DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import { dataSourceViewIdOf } from '@app/contracts/render/agent-configuration.render';
import type { SearchResultDocument } from '@app/contracts/http/search-result.types';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AgentTools, type ToolCallRequest, type ToolCallResult, type ToolContext, type ToolDefinition, type ToolOutputBlock, type ToolRegistry } from '../../agent-runner';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { SearchService } from '../../search/search.service';
import { unfilteredSearch } from '../../search/search-params';
import { citationMarker, citationReferences } from './citation-references';

/** The tool's name as the model sees it. */
export const SEARCH_TOOL_NAME = 'search_data_sources';
/** MIME type of a search result resource on the recorded action. */
export const SEARCH_RESULT_MIME_TYPE = 'application/vnd.dust.tool-output.data-source-search-result';

const DEFAULT_TOP_K = 8;
const MAX_TOP_K = 32;

const DEFINITION: ToolDefinition = {
  name: SEARCH_TOOL_NAME,
  description:
    'Search the documents of the data sources this agent was given. Each result has a reference: cite a document you use ' +
    'by writing its marker, for example :cite[abc], right after the sentence it supports.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words or a question to search for.' },
      topK: { type: 'integer', minimum: 1, maximum: MAX_TOP_K, description: 'Chunks to return at most.' },
    },
    required: ['query'],
  },
  serverName: 'search',
};

/**
 * The search tool of agents whose configuration carries data source views (toolset entries
 * `data_source_view:<dsvId>`): it searches those views (their `parentsIn` applied) and answers with
 * one resource per document found, each with a stable reference marker that the answer cites and
 * that resolves, on the recorded action, to the document and its source URL.
 */
@Injectable()
export class DataSourceSearchTools implements ToolRegistry, OnModuleInit {
  constructor(
    private readonly sources: AgentTools,
    private readonly readModels: ReadModels,
    private readonly search: SearchService,
  ) {}

  onModuleInit(): void {
    this.sources.register(this);
  }

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    return this.viewIdsOf(ctx).length === 0 ? [] : [DEFINITION];
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext): Promise<ToolCallResult> {
    if (call.name !== SEARCH_TOOL_NAME) return failure('tool_not_found', `No tool named ${call.name}.`);
    const input = (call.input ?? {}) as { query?: unknown; topK?: unknown };
    if (typeof input.query !== 'string') return failure('invalid_input', 'query must be a string.');
    const topK = typeof input.topK === 'number' && Number.isInteger(input.topK) ? Math.min(MAX_TOP_K, Math.max(1, input.topK)) : DEFAULT_TOP_K;
    const views = await this.viewsOf(ctx);
    const found = (
      await Promise.all(
        views.map(async (view) => {
          const outcome = await this.search.search({ ...unfilteredSearch([view.dataSourceId], input.query as string, topK), viewParentsIn: view.parentsIn });
          return outcome.documents.map((document) => ({ view, document }));
        }),
      )
    )
      .flat()
      .sort((a, b) => b.document.score - a.document.score)
      .slice(0, topK);
    const references = citationReferences(found.map(({ document }) => `${document.data_source_id}\u0000${document.document_id}`));
    const output: ToolOutputBlock[] = [
      { type: 'text', text: found.length === 0 ? 'No document matches.' : `Found ${found.length} document(s). Cite them with their markers.` },
      ...found.map(({ view, document }, i) => resultBlock(view, document, references[i])),
    ];
    return { ok: true, output };
  }

  private viewIdsOf(ctx: ToolContext): string[] {
    return ctx.toolset.flatMap((id) => dataSourceViewIdOf(id) ?? []);
  }

  /** The agent's views that still exist in its workspace. */
  private async viewsOf(ctx: ToolContext): Promise<DataSourceViewDocument[]> {
    const views = await Promise.all(this.viewIdsOf(ctx).map((id) => this.readModels.get<DataSourceViewDocument>('dataSourceViews', id)));
    return views.filter((view): view is DataSourceViewDocument => view !== null && view.workspaceId === ctx.workspaceId);
  }
}

function resultBlock(view: DataSourceViewDocument, document: SearchResultDocument, reference: string): ToolOutputBlock {
  const text = document.chunks.map((chunk) => chunk.text).join('\n');
  return {
    type: 'resource',
    resource: {
      mimeType: SEARCH_RESULT_MIME_TYPE,
      uri: document.source_url ?? `dust://data_source_views/${view.sId}/documents/${encodeURIComponent(document.document_id)}`,
      text: `${citationMarker(reference)} ${document.title}\n${text}`,
      ref: reference,
      marker: citationMarker(reference),
      title: document.title,
      documentId: document.document_id,
      dataSourceId: document.data_source_id,
      dataSourceViewId: view.sId,
      sourceUrl: document.source_url,
      tags: [...document.tags],
      score: document.score,
    },
  };
}

function failure(code: string, message: string): ToolCallResult {
  return { ok: false, output: [{ type: 'text', text: message }], error: { code, message } };
}
