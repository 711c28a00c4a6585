import { imageSize } from 'image-size'
import type { ImageProbe } from './parse-head.ts'

// Reads an image's size and type from its first bytes (image-size's buffer API), for images a
// page names without og:image:width/height or sizes="…". The bytes decide the type, not the
// Content-Type header; a header that says the answer is a page or text is believed over bytes
// that happen to contain "<svg" (an HTML page with an inline icon is not an SVG image).

/** image-size's type names as media types. */
const MEDIA_TYPES: Record<string, string> = {
  bmp: 'image/bmp',
  cur: 'image/x-icon',
  gif: 'image/gif',
  heif: 'image/heif',
  heic: 'image/heic',
  avif: 'image/avif',
  icns: 'image/icns',
  ico: 'image/x-icon',
  j2c: 'image/jp2',
  jp2: 'image/jp2',
  jpg: 'image/jpeg',
  jxl: 'image/jxl',
  'jxl-stream': 'image/jxl',
  png: 'image/png',
  psd: 'image/vnd.adobe.photoshop',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  webp: 'image/webp',
}

/** Content types that say the answer is not an image, whatever its bytes look like. */
const NOT_IMAGE = /^(text\/(?!xml)|application\/(json|xhtml\+xml|javascript|pdf))/

/**
 * The size and type of an image from its first bytes. `where` names it in the reasons
 * ("the image at https://…"); `truncated` says the bytes are only the start of the file.
 */
export function measureImage(
  body: Uint8Array,
  contentType: string,
  where: string,
  truncated: boolean,
): ImageProbe {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (NOT_IMAGE.test(mediaType)) {
    return { ok: false, reason: `${where} is not an image (it serves ${mediaType})` }
  }
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(body)
  } catch {
    if (
      mediaType === 'image/svg+xml' ||
      /<svg[\s>]/.test(Buffer.from(body.subarray(0, 1024)).toString('latin1'))
    ) {
      return {
        ok: false,
        reason: `could not read the size of ${where}: the SVG has no width and height, nor a viewBox`,
      }
    }
    if (mediaType && !mediaType.startsWith('image/') && !mediaType.includes('octet-stream')) {
      return { ok: false, reason: `${where} is not an image (it serves ${mediaType})` }
    }
    return {
      ok: false,
      reason: `could not read the size of ${where}: ${truncated ? 'its first bytes are' : 'it is'} not an image format Headmark reads`,
    }
  }
  const type = MEDIA_TYPES[size.type ?? ''] ?? (mediaType.startsWith('image/') ? mediaType : '')
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0
  if (!whole(size.width) || !whole(size.height)) {
    return {
      ok: false,
      reason:
        size.type === 'svg'
          ? `could not read the size of ${where}: the SVG's width and height are not in pixels`
          : `could not read the size of ${where}`,
    }
  }
  if (!type) return { ok: false, reason: `could not read the type of ${where}` }
  return { ok: true, width: size.width, height: size.height, mimeType: type }
}
