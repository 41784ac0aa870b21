/*
 * The adapters of the external stores, loaded when the configuration names their store. Their
 * client libraries (the MongoDB driver, EventStoreDB's gRPC client, OpenSearch's: over 800 files
 * between them) cost a process on the embedded stores a good part of its boot time for nothing,
 * so nothing else in this library imports these modules but as types.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a require on first use is the point here */

/** The EventStoreDB event store's module. */
export function eventStoreDbAdapter(): typeof import('../event-store/eventstoredb-event-store') {
  return require('../event-store/eventstoredb-event-store');
}

/** The MongoDB read store's module. */
export function mongoReadStoreAdapter(): typeof import('../read-store/mongodb-read-store') {
  return require('../read-store/mongodb-read-store');
}

/** The GridFS blob store's module (beside a MongoDB read store). */
export function gridFsBlobStoreAdapter(): typeof import('../blob-store/mongodb-gridfs-blob-store') {
  return require('../blob-store/mongodb-gridfs-blob-store');
}

/** The OpenSearch search index's module. */
export function openSearchAdapter(): typeof import('../search-index/opensearch-search-index') {
  return require('../search-index/opensearch-search-index');
}
