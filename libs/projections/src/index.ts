export * from './projection';
export * from './all-projections';
export * from './engine/live-projector';
export * from './engine/projection-progress';
export * from './engine/rebuild';
