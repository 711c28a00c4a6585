import {
  CUSTOM_TAG_NAME_PATTERN,
  type CustomTag,
  customTagNameKey,
  IMAGE_TYPE_PATTERN,
  isHttpUrl,
  isIconUrl,
  isWholePixels,
  LOCALE_PATTERN,
  type Metadata,
  type MetadataImage,
} from '@headmark/metadata'
import type { MetadataErrors } from './paths.ts'
import { checkSearchFields } from './validate-search.ts'

export const TITLE_TARGET = 60
export const DESCRIPTION_TARGET = 160

// The rules are @headmark/metadata's (the server refuses what breaks them); the messages here
// say what to type into the editor's field.

function checkImage(
  errors: MetadataErrors,
  path: string,
  image: MetadataImage,
  allowRootRelative: boolean,
) {
  if (!image.url?.trim()) errors[`${path}.url`] = 'Enter the image URL.'
  else if (!(allowRootRelative ? isIconUrl(image.url) : isHttpUrl(image.url)))
    errors[`${path}.url`] = allowRootRelative
      ? 'Enter a full URL (https://…) or a path starting with /.'
      : 'Enter a full URL starting with https://.'
  for (const side of ['width', 'height'] as const) {
    const value = image[side]
    if (!isWholePixels(value))
      errors[`${path}.${side}`] = `Enter the ${side} in whole pixels (1 or more).`
  }
  if (!image.mimeType?.trim()) errors[`${path}.mimeType`] = 'Enter the image type, e.g. image/png.'
  else if (!IMAGE_TYPE_PATTERN.test(image.mimeType))
    errors[`${path}.mimeType`] = 'Use an image media type such as image/png or image/jpeg.'
}

function checkTags(errors: MetadataErrors, tags: CustomTag[]) {
  const seen = new Map<string, number>()
  tags.forEach((tag, index) => {
    const name = tag.name.trim()
    if (!name) errors[`customTags.${index}.name`] = 'Enter a name.'
    else if (!CUSTOM_TAG_NAME_PATTERN.test(name))
      errors[`customTags.${index}.name`] = 'Names can not contain spaces, quotes, <, >, = or /.'
    else {
      const key = customTagNameKey(name)
      const first = seen.get(key)
      if (first === undefined) seen.set(key, index)
      else {
        const message = `“${name}” is used by more than one tag; each name may appear once.`
        errors[`customTags.${first}.name`] = message
        errors[`customTags.${index}.name`] = message
      }
    }
  })
}

/**
 * The editor's built-in checks: URLs, required image fields, whole-number dimensions,
 * media types, locales and custom tag names (including duplicates).
 */
export function validateMetadata(metadata: Metadata): MetadataErrors {
  const errors: MetadataErrors = {}
  const og = metadata.openGraph
  if (og?.url && !isHttpUrl(og.url))
    errors['openGraph.url'] = 'Enter a full URL starting with https://.'
  if (og?.locale && !LOCALE_PATTERN.test(og.locale))
    errors['openGraph.locale'] = 'Use a locale such as en_US or fr_FR.'
  const badAlternate = og?.localeAlternate?.find((locale) => !LOCALE_PATTERN.test(locale))
  if (badAlternate)
    errors['openGraph.localeAlternate'] = `“${badAlternate}” is not a locale such as en_GB.`
  if (og?.image) checkImage(errors, 'openGraph.image', og.image, false)
  og?.images?.forEach((image, index) => {
    checkImage(errors, `openGraph.images.${index}`, image, false)
  })
  if (metadata.twitter?.image) checkImage(errors, 'twitter.image', metadata.twitter.image, false)
  metadata.icon?.forEach((image, index) => {
    checkImage(errors, `icon.${index}`, image, true)
  })
  metadata.appleTouchIcon?.forEach((image, index) => {
    checkImage(errors, `appleTouchIcon.${index}`, image, true)
  })
  if (metadata.customTags) checkTags(errors, metadata.customTags)
  checkSearchFields(errors, metadata)
  return errors
}
