export * from './projection';
export * from './all-projections';
export * from './engine/live-projector';
export * from './engine/rebuild';
