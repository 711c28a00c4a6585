/**
 * The text of an HTML page's bytes: the charset of the BOM, else of the Content-Type header, else
 * of a `<meta charset>` / `<meta http-equiv="content-type">` in the first 1024 bytes, else UTF-8.
 * Labels are the WHATWG Encoding Standard's (ISO-8859-1 is read as windows-1252, as browsers do).
 */
export function decodeHtml(bytes: Buffer, contentType: string | undefined): string {
  return new TextDecoder(htmlCharset(bytes, contentType)).decode(bytes)
}

export function htmlCharset(bytes: Buffer, contentType: string | undefined): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  const fromHeader = supported(charsetParameter(contentType ?? ''))
  if (fromHeader) return fromHeader
  const start = bytes.subarray(0, 1024).toString('latin1')
  for (const match of start.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = match[0]
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag)
    const label = supported(direct?.[1])
    // A page declaring UTF-16 in its ASCII-readable bytes is UTF-8 (HTML's prescan rule).
    if (label) return label.startsWith('utf-16') ? 'utf-8' : label
  }
  return 'utf-8'
}

function charsetParameter(contentType: string): string | undefined {
  return /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(contentType)?.[1]
}

function supported(label: string | undefined): string | undefined {
  if (!label) return undefined
  try {
    return new TextDecoder(label.trim()).encoding
  } catch {
    return undefined
  }
}
