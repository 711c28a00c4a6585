// A session's device in words, from its User-Agent: the browser and the system, enough for a
// person to recognise their own devices. Not a full parser: anything unknown says so.

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
]

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/** "Chrome on macOS", "Firefox on Linux", "Unknown device". */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device'
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown device'
}

/**
 * A session's address for reading: IPv4 as it is; IPv6 shortened (`2001:db8::/64`). better-auth
 * keeps IPv6 addresses by their /64 network (what one household or server usually has), written
 * out in full: the network is what is shown.
 */
export function describeAddress(address: string | null | undefined): string {
  if (!address) return 'Unknown'
  if (!address.includes(':')) return address
  const groups = address.split(':')
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) {
    return address
  }
  const short = groups.map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
  // The longest run of zero groups (two or more) becomes "::".
  let best = { start: -1, length: 0 }
  for (let start = 0; start < 8; start++) {
    let length = 0
    while (start + length < 8 && short[start + length] === '0') length++
    if (length > best.length) best = { start, length }
  }
  const network = short.slice(4).every((group) => group === '0')
  let text = short.join(':')
  if (best.length >= 2) {
    const head = short.slice(0, best.start).join(':')
    const tail = short.slice(best.start + best.length).join(':')
    text = `${head}::${tail}`
  }
  return network ? `${text}/64` : text
}
