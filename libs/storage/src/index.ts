export * from './event-store/event-store.port';
export * from './read-store/read-store.port';
export * from './read-store/sqlite-read-store';
export * from './read-store/mongodb-read-store';
export * from './event-store/sqlite-event-store';
export * from './event-store/eventstoredb-event-store';
