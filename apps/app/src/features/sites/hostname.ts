/**
 * What the server will store for a typed hostname, for the form's hint: the browser's own URL
 * parser lowercases it, converts international names to punycode and drops the scheme, path and
 * trailing dot, as the server does. Returns undefined when the input is not a plain hostname the
 * server would accept as such (the server's message then says why).
 *
 * @example
 * previewHostname('https://Acme.COM/pricing') // 'acme.com'
 */
export function previewHostname(input: string): string | undefined {
  const trimmed = input.trim()
  if (!trimmed || /\s/.test(trimmed)) return undefined
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return undefined
  }
  if (url.port || url.username || url.password || !url.hostname) return undefined
  return url.hostname.replace(/\.$/, '')
}
