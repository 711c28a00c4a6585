// The framework-neutral core. Adapters (`./tanstack-start`, `./next`, `./html`) and `./env`
// (which needs zod) are subpath exports only, so importing the core never pulls them in.
export {
  createMetadataClient,
  type MetadataCacheOptions,
  type MetadataClient,
  type MetadataClientOptions,
  type MetadataRequestOptions,
} from './client.ts'
export * from './field-rules.ts'
export {
  isGetLatestResponse,
  isMetadata,
  isMetadataImage,
  isMetadataUpdatePayload,
  isWebhookPayload,
} from './guards.ts'
export {
  type AlternateLinksOptions,
  alternateLinks,
  compileHead,
  escapeCss,
  escapeJsonLd,
  type HeadInput,
  type HeadLayers,
  type HeadTag,
  isJsonLd,
  isSafeUrl,
  jsonLd,
  type LinkTag,
  type MetaTag,
  mergeHead,
  resolveHead,
  type ScriptTag,
  type StyleTag,
  type TitleTag,
  toHeadTags,
} from './head.ts'
export * from './lint.ts'
export { type NormalizePathError, type NormalizePathResult, normalizePath } from './path.ts'
export { type ExponentialDelayOptions, exponentialDelay, linearDelay } from './retry.ts'
export * from './types.ts'
export * from './webhooks.ts'
