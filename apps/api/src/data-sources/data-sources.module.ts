import { Module } from '@nestjs/common';
import { AgentRunnerModule } from '../agent-runner';
import { SearchModule } from '../search/search.module';
import { DataSourceSearchTools } from './agent-search/data-source-search-tools';
import { CreateDataSourceHandler } from './commands/create-data-source.command';
import { DeleteDataSourceHandler } from './commands/delete-data-source.command';
import { DeleteDocumentHandler } from './commands/delete-document.command';
import { PatchDataSourceViewHandler } from './commands/patch-data-source-view.command';
import { UpdateDocumentParentsHandler } from './commands/update-document-parents.command';
import { UpsertDocumentHandler } from './commands/upsert-document.command';
import { UpsertFileDocumentHandler } from './commands/upsert-file-document.command';
import { FileDocumentsController } from './file-documents.controller';
import { DataSourceLookup } from './data-source-lookup';
import { DataSourcesController } from './data-sources.controller';
import { DocumentsController } from './documents.controller';
import { DeleteFolderHandler, UpsertFolderHandler } from './commands/folder.commands';
import { FoldersController } from './folders.controller';
import { NodeSearchController } from './node-search.controller';
import { SearchDataSourceViewsHandler } from './queries/search-data-source-views.query';
import { SearchNodesHandler } from './queries/search-nodes.query';
import { SearchUnifiedHandler } from './queries/search-unified.query';
import { NodeSearch } from './node-search';
import { ReadableViews } from './readable-views';
import { GetDataSourceViewHandler } from './queries/get-data-source-view.query';
import { GetDocumentBlobHandler, GetDocumentHandler } from './queries/get-document.query';
import { ListDataSourceViewsHandler } from './queries/list-data-source-views.query';
import { ListDataSourcesHandler } from './queries/list-data-sources.query';
import { ListDocumentsHandler } from './queries/list-documents.query';
import { SearchDocumentsHandler } from './queries/search-documents.query';
import { SearchController } from './search.controller';
import { SpaceAccess } from './space-access';
import { DeleteTableRowHandler } from './commands/delete-table-row.command';
import { DeleteTableHandler } from './commands/delete-table.command';
import { UpdateTableParentsHandler } from './commands/update-table-parents.command';
import { UpsertTableRowsHandler } from './commands/upsert-table-rows.command';
import { UpsertTableHandler } from './commands/upsert-table.command';
import { GetTableHandler, GetTableRowHandler, ListTableRowsHandler, ListTablesHandler } from './queries/table.queries';
import { TablesController } from './tables.controller';
import { UpsertTableFromCsvHandler } from './commands/upsert-table-from-csv.command';
import { TableCsvImport } from './csv/table-csv-import';
import { TableImportRecovery } from './csv/table-import-recovery';
import { TableQueryTools } from './table-query/table-query-tools';

/** Data sources (folders) in spaces, their views and their documents. */
@Module({
  imports: [SearchModule, AgentRunnerModule],
  controllers: [DataSourcesController, DocumentsController, SearchController, FileDocumentsController, TablesController, FoldersController, NodeSearchController],
  providers: [
    SpaceAccess,
    DataSourceLookup,
    CreateDataSourceHandler,
    DeleteDataSourceHandler,
    PatchDataSourceViewHandler,
    UpsertDocumentHandler,
    DeleteDocumentHandler,
    UpdateDocumentParentsHandler,
    UpsertFolderHandler,
    DeleteFolderHandler,
    ReadableViews,
    SearchDataSourceViewsHandler,
    SearchNodesHandler,
    NodeSearch,
    SearchUnifiedHandler,
    ListDataSourcesHandler,
    ListDataSourceViewsHandler,
    GetDataSourceViewHandler,
    GetDocumentHandler,
    GetDocumentBlobHandler,
    ListDocumentsHandler,
    SearchDocumentsHandler,
    DataSourceSearchTools,
    UpsertFileDocumentHandler,
    UpsertTableHandler,
    DeleteTableHandler,
    UpdateTableParentsHandler,
    UpsertTableRowsHandler,
    DeleteTableRowHandler,
    ListTablesHandler,
    GetTableHandler,
    ListTableRowsHandler,
    GetTableRowHandler,
    TableCsvImport,
    TableImportRecovery,
    UpsertTableFromCsvHandler,
    TableQueryTools,
  ],
  exports: [SpaceAccess, DataSourceLookup],
})
export class DataSourcesModule {}
