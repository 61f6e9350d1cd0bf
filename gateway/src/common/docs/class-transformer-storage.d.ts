// class-transformer keeps @Type() metadata here; its package declares the module under types/ only.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage.js';
}
