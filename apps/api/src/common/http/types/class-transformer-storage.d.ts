// class-transformer ships its metadata storage as CommonJS without a declaration beside it; the
// declaration lives under `types/`. The DTO transformer reads the @Type and @Transform metadata
// that the library's own decorators record there.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
