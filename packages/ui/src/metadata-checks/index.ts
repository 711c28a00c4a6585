export { MetadataChecks, type MetadataChecksProps } from './metadata-checks.tsx'
