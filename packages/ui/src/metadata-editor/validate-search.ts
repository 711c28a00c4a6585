import { HREFLANG_PATTERN, isHttpUrl, type Metadata } from '@headmark/metadata'
import type { MetadataErrors } from './paths.ts'

const isDirectiveNumber = (value: unknown) =>
  value === undefined || (Number.isInteger(value) && (value as number) >= -1)

/**
 * Checks of the search fields: canonical URL, robots directives, language versions and
 * structured data items. Adds to `errors` under the same paths the server names.
 */
export function checkSearchFields(errors: MetadataErrors, metadata: Metadata): void {
  if (metadata.canonical && !isHttpUrl(metadata.canonical))
    errors.canonical = 'Enter the canonical URL in full, starting with https://.'
  const robots = metadata.robots
  if (!isDirectiveNumber(robots?.maxSnippet))
    errors['robots.maxSnippet'] = 'Enter a whole number: -1 (no limit), 0 (no snippet) or more.'
  if (!isDirectiveNumber(robots?.maxVideoPreview))
    errors['robots.maxVideoPreview'] =
      'Enter whole seconds: -1 (no limit), 0 (a still image) or more.'
  const seen = new Set<string>()
  for (const [tag, url] of Object.entries(metadata.alternates ?? {})) {
    const path = `alternates.${tag}`
    if (!HREFLANG_PATTERN.test(tag))
      errors[path] =
        `“${tag.slice(0, 64)}” is not a language tag: use one such as en, fr-CA or x-default.`
    else if (seen.has(tag.toLowerCase()))
      errors[path] = `“${tag}” is listed twice (language tags ignore case); keep one.`
    else if (!url) errors[path] = `Add the URL of the ${tag} version after its tag.`
    else if (!isHttpUrl(url))
      errors[path] = `The ${tag} version’s URL must be in full, starting with https://.`
    seen.add(tag.toLowerCase())
  }
  metadata.jsonLd?.forEach((item, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      errors[`jsonLd.${index}`] =
        `Item ${index + 1} must be a JSON object, such as { "@type": "Article" }.`
    else if (!('@type' in item) && !('@graph' in item))
      errors[`jsonLd.${index}`] =
        `Item ${index + 1} needs an "@type" (such as "Article") or an "@graph".`
  })
}
