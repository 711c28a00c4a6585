// The rule for a site's hostname, shared by sites.create/update and the app's form (which shows
// the normalised value as a live hint). No node:* imports: this module runs in the browser too.

/** The longest hostname DNS allows, in characters of its ASCII (punycode) form. */
export const HOSTNAME_MAX_LENGTH = 253

/** What {@link normalizeHostname} decided: the hostname to store, or why there is none. */
export type HostnameResult =
  | {
      ok: true
      hostname: string
      /** True when the input was not already the stored form (scheme, case, path, IDN…). */
      changed: boolean
    }
  | { ok: false; message: string }

export interface HostnameOptions {
  /** In production `localhost` (and `*.localhost`) can not be a site. */
  production: boolean
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

const refuse = (message: string): HostnameResult => ({ ok: false, message })

/**
 * Turns what a person types or pastes into the hostname Headmark stores: lowercase, IDNA
 * (punycode), without scheme, path, query or trailing dot. Refuses, with a message a person can
 * act on: IP addresses, ports, spaces, user names, `localhost` in production, names over 253
 * characters and labels DNS does not allow.
 *
 * @example
 * normalizeHostname('https://Acme.COM/x', { production: true }) // { ok: true, hostname: 'acme.com', changed: true }
 * normalizeHostname('bücher.de', { production: true })         // { ok: true, hostname: 'xn--bcher-kva.de', changed: true }
 * normalizeHostname('acme.com:8080', { production: true })      // { ok: false, message: 'Leave out the port …' }
 */
export function normalizeHostname(input: string, { production }: HostnameOptions): HostnameResult {
  const trimmed = input.trim()
  if (trimmed === '') return refuse('Enter the hostname of the site, e.g. acme.com.')
  if (/\s/.test(trimmed)) return refuse('A hostname can not contain spaces.')
  if (trimmed.length > 2048) {
    return refuse(`A hostname can have at most ${HOSTNAME_MAX_LENGTH} characters.`)
  }

  const scheme = SCHEME.exec(trimmed)
  if (scheme && !/^https?$/i.test(scheme[1] ?? '')) {
    return refuse('Enter the site’s hostname (e.g. acme.com) or its https:// address.')
  }
  const rest = scheme ? trimmed.slice(scheme[0].length) : trimmed
  const authority = rest.split(/[/?#]/, 1)[0] ?? ''
  if (authority === '') return refuse('Enter the hostname of the site, e.g. acme.com.')
  if (authority.includes('@')) {
    return refuse('Enter the hostname only, without a user name or password.')
  }
  if (authority.startsWith('[')) {
    return refuse('Enter the site’s hostname (e.g. acme.com), not an IP address.')
  }
  if (/:\d*$/.test(authority)) {
    return refuse('Leave out the port: Headmark identifies a site by its hostname alone.')
  }

  let hostname: string
  try {
    // The WHATWG URL parser applies IDNA (punycode), lowercases and resolves numeric IPv4 forms
    // such as 0x7f.1, the same in Node and in browsers.
    hostname = new URL(`http://${authority}`).hostname
  } catch {
    return refuse(
      `“${clip(authority)}” is not a valid hostname. Use letters, digits, hyphens and dots.`,
    )
  }
  if (hostname.startsWith('[') || IPV4.test(hostname)) {
    return refuse('Enter the site’s hostname (e.g. acme.com), not an IP address.')
  }
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1)
  if (hostname.length > HOSTNAME_MAX_LENGTH) {
    return refuse(`A hostname can have at most ${HOSTNAME_MAX_LENGTH} characters.`)
  }

  const labels = hostname.split('.')
  if (labels.some((label) => label.length > 63)) {
    return refuse('Each part of a hostname between dots can have at most 63 characters.')
  }
  if (!labels.every((label) => LABEL.test(label))) {
    return refuse(
      `“${clip(hostname)}” is not a valid hostname. Each part between dots uses letters, digits and hyphens, and does not start or end with a hyphen.`,
    )
  }
  const isLocalhost = hostname === 'localhost' || hostname.endsWith('.localhost')
  if (isLocalhost && production) {
    return refuse('localhost can not be a site here; enter the public hostname of the site.')
  }
  if (!isLocalhost && labels.length < 2) {
    return refuse(`Enter the full hostname, with its domain, e.g. ${hostname}.com.`)
  }
  if (/^\d+$/.test(labels.at(-1) ?? '')) {
    return refuse('Enter the site’s hostname (e.g. acme.com), not an IP address.')
  }
  return { ok: true, hostname, changed: hostname !== trimmed }
}

function clip(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value
}
