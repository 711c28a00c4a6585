import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** What outbound webhook calls may reach. */
export interface OutboundPolicy {
  /** Loopback (127.0.0.0/8, ::1) is reachable: development, tests, or an operator's choice. */
  allowLoopback: boolean
  /** Only `https:` URLs (production). */
  requireHttps: boolean
  /**
   * The operator's own deny list (WEBHOOKS_DENY_CIDRS), as {@link parseCidr} writes ranges:
   * addresses inside one are refused, also when carried inside an IPv6 address.
   */
  denyCidrs: readonly string[]
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

type Address = ipaddr.IPv4 | ipaddr.IPv6

/**
 * An address as the connection would read it. ipaddr.js reads `::a.b.c.d` as IPv4-mapped
 * (`::ffff:a.b.c.d`); the URL parser writes every IPv6 address in canonical hex first.
 */
function parseAddress(text: string): Address | null {
  const family = isIP(text)
  if (family === 4) return ipaddr.IPv4.parse(text)
  if (family !== 6 || !URL.canParse(`http://[${text}]/`)) return null
  return ipaddr.IPv6.parse(new URL(`http://[${text}]/`).hostname.slice(1, -1))
}

const cidr = (text: string) => ipaddr.parseCIDR(text)
/** Where public IPv6 unicast lives; everything else is reserved, local or deprecated. */
const GLOBAL_UNICAST = cidr('2000::/3')
const SITE_LOCAL = cidr('fec0::/10')
const LOCAL_USE_NAT64 = cidr('64:ff9b:1::/48')
const IPV4_COMPATIBLE = cidr('::/96')

/**
 * The IPv4 addresses an IPv6 address carries to a gateway or tunnel that delivers to them:
 * NAT64 (64:ff9b::/96, RFC 6052; 64:ff9b:1::/48, RFC 8215) and IPv4-compatible (::/96) in the
 * last 32 bits, 6to4 (2002::/16) in bits 16–47, Teredo (2001::/32) its server in bits 32–63 and
 * its client in the last 32 bits, inverted. IPv4-mapped addresses are not here: Node connects to
 * them as the IPv4 address itself.
 */
function carriedIPv4(ip: ipaddr.IPv6): { form: string; via: string; ipv4: ipaddr.IPv4 }[] {
  const bytes = ip.toByteArray()
  const ipv4 = (from: number, invert = false) =>
    new ipaddr.IPv4(bytes.slice(from, from + 4).map((byte) => (invert ? byte ^ 0xff : byte)))
  const range = ip.range()
  if (range === 'rfc6052') return [{ form: 'a NAT64 address', via: 'for', ipv4: ipv4(12) }]
  if (ip.match(LOCAL_USE_NAT64)) {
    return [{ form: 'a local-use NAT64 address', via: 'for', ipv4: ipv4(12) }]
  }
  if (range === '6to4') return [{ form: 'a 6to4 address', via: 'for', ipv4: ipv4(2) }]
  if (range === 'teredo') {
    return [
      { form: 'a Teredo address', via: 'whose server is', ipv4: ipv4(4) },
      { form: 'a Teredo address', via: 'whose client is', ipv4: ipv4(12, true) },
    ]
  }
  if (ip.match(IPV4_COMPATIBLE) && range !== 'loopback' && range !== 'unspecified') {
    return [{ form: 'an IPv4-compatible address', via: 'for', ipv4: ipv4(12) }]
  }
  return []
}

/** Why a directly reachable IPv4 address may not be called, in words; null when it may. */
function ipv4RangeWords(ip: ipaddr.IPv4, allowLoopback: boolean): string | null {
  const range = ip.range()
  if (range === 'unicast' || (range === 'loopback' && allowLoopback)) return null
  return RANGE_WORDS[range] ?? `a reserved address (${range})`
}

/** The operator's range `ip` is in, or null. */
function deniedBy(ip: Address, denyCidrs: readonly string[]): string | null {
  for (const text of denyCidrs) {
    const range = cidr(text)
    if (range[0].kind() === ip.kind() && ip.match(range)) return text
  }
  return null
}

const deniedWords = (range: string) => `in ${range}, which this server's deny list blocks`

interface Refusal {
  /** The address as the message shows it. */
  ip: string
  words: string
  /** On the operator's deny list rather than outside the public internet. */
  denied: boolean
}

/**
 * Why an IP address may not be called, or null when it is a public unicast address. IPv4-mapped
 * IPv6 addresses (`::ffff:127.0.0.1`) are judged as the IPv4 address they carry; NAT64, 6to4,
 * Teredo and IPv4-compatible addresses by the IPv4 addresses a gateway would deliver them to
 * (never loopback: that would be the gateway's own); every other range but public unicast
 * (private, link-local, site-local, multicast, reserved…) is refused, loopback unless the policy
 * allows it, and whatever is on the operator's deny list.
 *
 * @example
 * addressRefusal('64:ff9b::a9fe:a9fe', policy)
 * // '64:ff9b::a9fe:a9fe is a NAT64 address for 169.254.169.254, a link-local address (…)'
 */
export function addressRefusal(
  address: string,
  policy: Pick<OutboundPolicy, 'allowLoopback' | 'denyCidrs'>,
) {
  const found = refusedRange(address, policy)
  return found && `${found.ip} is ${found.words}`
}

function refusedRange(
  address: string,
  policy: Pick<OutboundPolicy, 'allowLoopback' | 'denyCidrs'>,
): Refusal | null {
  const bare = address.startsWith('[') ? address.slice(1, -1) : address
  const ip = parseAddress(bare)
  if (!ip) return { ip: address, words: 'not an IP address', denied: false }
  if (ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    const ipv4 = ip.kind() === 'ipv4' ? (ip as ipaddr.IPv4) : (ip as ipaddr.IPv6).toIPv4Address()
    const words = ipv4RangeWords(ipv4, policy.allowLoopback)
    if (words) return { ip: ipv4.toString(), words, denied: false }
    const denied = deniedBy(ipv4, policy.denyCidrs)
    return denied === null
      ? null
      : { ip: ipv4.toString(), words: deniedWords(denied), denied: true }
  }
  const ipv6 = ip as ipaddr.IPv6
  const shown = ipv6.toString()
  const refused = (words: string): Refusal => ({ ip: shown, words, denied: false })
  const carried = carriedIPv4(ipv6)
  for (const { form, via, ipv4 } of carried) {
    const words = ipv4RangeWords(ipv4, false)
    if (words) return refused(`${form} ${via} ${ipv4}, ${words}`)
  }
  const carrier = carried[0]?.form
  const range = ipv6.range()
  if (carrier === 'a local-use NAT64 address') {
    // Where it leads depends on the operator's gateway, and the IPv4 address need not be in the
    // last 32 bits (RFC 6052 also places it in bits 48–87): refused whatever it seems to carry.
    return refused(`${carrier} (64:ff9b:1::/48), which leads into private networks`)
  }
  if (carrier === 'an IPv4-compatible address') {
    return refused('a deprecated IPv4-compatible address (::/96)')
  }
  if (!carrier && !(range === 'loopback' && policy.allowLoopback)) {
    if (RANGE_WORDS[range]) return refused(RANGE_WORDS[range])
    if (ipv6.match(SITE_LOCAL)) return refused('a site-local address (fec0::/10, deprecated)')
    if (!ipv6.match(GLOBAL_UNICAST)) return refused('outside the public IPv6 range (2000::/3)')
    if (range !== 'unicast') return refused(`a reserved address (${range})`)
  }
  for (const { form, via, ipv4 } of carried) {
    const denied = deniedBy(ipv4, policy.denyCidrs)
    if (denied) {
      return { ip: shown, words: `${form} ${via} ${ipv4}, ${deniedWords(denied)}`, denied: true }
    }
  }
  const denied = deniedBy(ipv6, policy.denyCidrs)
  return denied === null ? null : { ip: shown, words: deniedWords(denied), denied: true }
}

/**
 * One range of an operator's deny list, written the way the guard reads it: `10.0.0.0/8`,
 * `2001:db8::/32`; a bare address is a range of one (`/32`, `/128`), and an IPv4-mapped range is
 * its IPv4 range. Null when `text` is neither an address nor an address with a prefix length.
 *
 * @example
 * parseCidr('203.0.113.7') // '203.0.113.7/32'
 * parseCidr('10.0.0.0/33') // null
 */
export function parseCidr(text: string): string | null {
  const [address = '', prefix, extra] = text.trim().split('/')
  const ip = parseAddress(address)
  if (!ip || extra !== undefined) return null
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null
  const longest = ip.kind() === 'ipv4' ? 32 : 128
  const length = prefix === undefined ? longest : Number(prefix)
  if (length > longest) return null
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() && length >= 96) {
    return `${(ip as ipaddr.IPv6).toIPv4Address()}/${length - 96}`
  }
  return `${ip.toString()}/${length}`
}

const PUBLIC_ONLY = 'Webhooks may only call public internet addresses.'
const OPERATOR_DENIED = 'Ask the operator of this Headmark server, or use another address.'
const advice = (refusal: Refusal) => (refusal.denied ? OPERATOR_DENIED : PUBLIC_ONLY)
const refusedSentence = (refusal: Refusal) =>
  `Refused: ${refusal.ip} is ${refusal.words}. ${advice(refusal)}`

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
  policy: Pick<OutboundPolicy, 'allowLoopback' | 'denyCidrs'>,
  resolver: Resolver = systemResolver,
): Promise<LookupAddress[]> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host
  if (isIP(bare)) {
    const refusal = refusedRange(bare, policy)
    if (refusal) throw new OutboundRefusedError(refusedSentence(refusal))
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
        `Refused: ${bare} resolves to ${refused.ip}, ${refused.words}. ${advice(refused)}`,
      )
    }
  }
  return addresses
}

/** A checked webhook URL, or the reason it was refused. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string }

/**
 * The URL rules of an outbound call, shared by saving and sending: `http:`/`https:` (only
 * `https:` when the policy says so), no credentials in the URL, and a host that is not an address
 * Headmark refuses to call. Any host name is accepted here: what it resolves to decides.
 */
export function checkUrlSyntax(raw: string, policy: OutboundPolicy): UrlCheck {
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
    const refusal = refusedRange(host, policy)
    if (refusal) return { ok: false, message: refusedSentence(refusal) }
  }
  return { ok: true, url }
}

/**
 * Everything checked when a webhook is saved: {@link checkUrlSyntax}, what the name resolves to now,
 * and that plain `http:` is only used where loopback may be called (a receiver on the developer's
 * machine; anywhere else the signed data goes over TLS). The receiver may be on any host
 * (an API domain, a preview deployment, a serverless function): the address check decides, and
 * runs again at every connection.
 */
export async function checkWebhookUrl(
  raw: string,
  policy: OutboundPolicy,
  resolver?: Resolver,
): Promise<UrlCheck> {
  const syntax = checkUrlSyntax(raw, policy)
  if (!syntax.ok) return syntax
  try {
    await resolveChecked(syntax.url.hostname, policy, resolver)
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { ok: false, message: error.message }
    throw error
  }
  if (syntax.url.protocol === 'http:' && !policy.allowLoopback) {
    return {
      ok: false,
      message:
        'Use an https:// URL: webhooks carry signed data. Plain http:// is only accepted while WEBHOOKS_ALLOW_LOOPBACK is on (for a receiver on your own machine).',
    }
  }
  return syntax
}
