import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** What outbound webhook calls may reach. */
export interface OutboundPolicy {
  /** Loopback (127.0.0.0/8, ::1) is reachable: development, tests, or an operator's choice. */
  allowLoopback: boolean
  /** Only `https:` URLs (production). */
  requireHttps: boolean
}

/** A refused destination; `message` says why in words a person can act on. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError'
}

const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  uniqueLocal: 'a private network address (unique local)',
  linkLocal: 'a link-local address (e.g. a cloud metadata service)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  unspecified: 'the unspecified address',
  carrierGradeNat: 'a shared address (carrier-grade NAT)',
}

/**
 * Why an IP address may not be called, or null when it is a public unicast address. IPv4-mapped
 * IPv6 addresses (`::ffff:127.0.0.1`) are judged as the IPv4 address they carry; every range
 * other than public unicast (private, link-local, multicast, reserved, NAT64, 6to4, Teredo…) is
 * refused, and loopback unless the policy allows it.
 */
export function addressRefusal(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>) {
  const found = refusedRange(address, policy)
  return found && `${found.ip} is ${found.words}`
}

function refusedRange(
  address: string,
  policy: Pick<OutboundPolicy, 'allowLoopback'>,
): { ip: string; words: string } | null {
  const bare = address.startsWith('[') ? address.slice(1, -1) : address
  if (!ipaddr.isValid(bare)) return { ip: address, words: 'not an IP address' }
  let ip = ipaddr.parse(bare)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address()
  }
  const range = ip.range()
  if (range === 'unicast') return null
  if (range === 'loopback' && policy.allowLoopback) return null
  return { ip: ip.toString(), words: RANGE_WORDS[range] ?? `a reserved address (${range})` }
}

const PUBLIC_ONLY = 'Webhooks may only call public internet addresses.'

// Names that never point at the public internet (RFC 6761, 6762, ICANN's .internal).
const SPECIAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'invalid']

function specialUseName(host: string): boolean {
  return SPECIAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
}

type Resolver = (host: string) => Promise<LookupAddress[]>

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  )

/**
 * Resolves `host` and checks every address it resolves to; resolves with them when all may be
 * called, rejects with {@link OutboundRefusedError} otherwise. A name with one bad address is
 * refused whole, so a receiver can not pick which one the connection lands on.
 */
export async function resolveChecked(
  host: string,
  policy: Pick<OutboundPolicy, 'allowLoopback'>,
  resolver: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host
  if (isIP(bare)) {
    const refusal = addressRefusal(bare, policy)
    if (refusal) throw new OutboundRefusedError(`Refused: ${refusal}. ${PUBLIC_ONLY}`)
    return [{ address: bare, family: isIP(bare) }]
  }
  let addresses: LookupAddress[]
  try {
    addresses = await resolver(bare)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (specialUseName(bare)) {
      throw new OutboundRefusedError(`Refused: ${bare} is a local or internal name.`)
    }
    throw new OutboundRefusedError(
      `${bare} does not resolve${code ? ` (${code})` : ''}: check the name or its DNS records.`,
    )
  }
  if (addresses.length === 0) throw new OutboundRefusedError(`${bare} has no addresses.`)
  for (const { address } of addresses) {
    const refused = refusedRange(address, policy)
    if (refused) {
      throw new OutboundRefusedError(
        `Refused: ${bare} resolves to ${refused.ip}, ${refused.words}. ${PUBLIC_ONLY}`,
      )
    }
  }
  return addresses
}

/** A checked webhook URL, or the reason it was refused. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string }

/**
 * The URL rules of a webhook, shared by saving (with `siteHostname`) and sending (without it):
 * `http:`/`https:` (only `https:` when the policy says so), no credentials in the URL, and a host
 * that is not an address Headmark refuses to call. With `siteHostname`, the host must be the
 * site's hostname or a subdomain of it.
 */
export function checkUrlSyntax(
  raw: string,
  policy: OutboundPolicy,
  siteHostname?: string,
): UrlCheck {
  if (!URL.canParse(raw)) {
    return { ok: false, message: 'Enter a full URL, e.g. https://example.com/api/headmark.' }
  }
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `Use an https:// URL (${url.protocol} is not supported).` }
  }
  if (policy.requireHttps && url.protocol !== 'https:') {
    return { ok: false, message: 'Use an https:// URL: webhooks carry signed data.' }
  }
  if (url.username || url.password) {
    return {
      ok: false,
      message:
        'Remove the user name and password from the URL: Headmark signs every request instead.',
    }
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  if (isIP(host)) {
    const refusal = addressRefusal(host, policy)
    if (refusal) return { ok: false, message: `Refused: ${refusal}. ${PUBLIC_ONLY}` }
  }
  if (siteHostname !== undefined && host !== siteHostname && !host.endsWith(`.${siteHostname}`)) {
    return {
      ok: false,
      message: `The webhook must be on ${siteHostname} or one of its subdomains (this URL is on ${host}).`,
    }
  }
  return { ok: true, url }
}

/**
 * Everything checked when a webhook is saved: {@link checkUrlSyntax} and then what the name
 * resolves to now. The same address check runs again at every connection.
 */
export async function checkWebhookUrl(
  raw: string,
  policy: OutboundPolicy,
  siteHostname: string,
  resolver?: Resolver,
): Promise<UrlCheck> {
  const syntax = checkUrlSyntax(raw, policy, siteHostname)
  if (!syntax.ok) return syntax
  try {
    await resolveChecked(syntax.url.hostname, policy, resolver)
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { ok: false, message: error.message }
    throw error
  }
  return syntax
}
