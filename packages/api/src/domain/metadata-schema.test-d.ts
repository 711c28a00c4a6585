import type { Metadata } from '@headmark/metadata'
import type { z } from 'zod'
import type { metadataSchema } from './metadata-schema.ts'

// The zod schema and the published Metadata type describe the same object, in both directions:
// `npm run typecheck` fails when a field is added to one and not the other.
type Parsed = z.infer<typeof metadataSchema>
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

const parsedIsMetadata: Equals<Parsed, Metadata> = true
const metadataAssignsToParsed = (value: Metadata): Parsed => value
const parsedAssignsToMetadata = (value: Parsed): Metadata => value

export { metadataAssignsToParsed, parsedAssignsToMetadata, parsedIsMetadata }
