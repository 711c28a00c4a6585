export interface AnswerCacheOptions<Entry> {
  /** At most this many entries (0 disables the cache). */
  maxEntries: number
  /** At most this many bytes, as reported by `sizeOf`. */
  maxBytes: number
  sizeOf(entry: Entry): number
  /** The site an entry belongs to, so that a site's entries can be dropped together. */
  siteOf(entry: Entry): string
}

/**
 * A least-recently-used map of finished answers, bounded by count and by bytes, keyed by the
 * request target (`/api/openapi/v1/…?path=…` as received). A hit moves the entry to the young
 * end of the Map's insertion order; the oldest are evicted first.
 */
export class AnswerCache<Entry> {
  readonly #entries = new Map<string, Entry>()
  readonly #sizes = new Map<string, number>()
  readonly #bySite = new Map<string, Set<string>>()
  readonly #options: AnswerCacheOptions<Entry>
  #bytes = 0

  constructor(options: AnswerCacheOptions<Entry>) {
    this.#options = options
  }

  get size(): number {
    return this.#entries.size
  }

  /** Bytes held, as counted when entries were stored (compressed forms made later excluded). */
  get bytes(): number {
    return this.#bytes
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key)
    if (entry !== undefined) {
      this.#entries.delete(key)
      this.#entries.set(key, entry)
    }
    return entry
  }

  set(key: string, entry: Entry): void {
    const { maxEntries, maxBytes, sizeOf, siteOf } = this.#options
    const size = sizeOf(entry) + key.length * 2
    if (maxEntries === 0 || size > maxBytes) return
    this.delete(key)
    this.#entries.set(key, entry)
    this.#sizes.set(key, size)
    this.#bytes += size
    const site = siteOf(entry)
    let keys = this.#bySite.get(site)
    if (!keys) {
      keys = new Set()
      this.#bySite.set(site, keys)
    }
    keys.add(key)
    while (this.#entries.size > maxEntries || this.#bytes > maxBytes) {
      const oldest = this.#entries.keys().next().value as string
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key)
    if (entry === undefined) return
    this.#entries.delete(key)
    this.#bytes -= this.#sizes.get(key) ?? 0
    this.#sizes.delete(key)
    const site = this.#options.siteOf(entry)
    const keys = this.#bySite.get(site)
    keys?.delete(key)
    if (keys?.size === 0) this.#bySite.delete(site)
  }

  deleteSite(site: string): void {
    const keys = this.#bySite.get(site)
    if (!keys) return
    for (const key of [...keys]) this.delete(key)
  }

  clear(): void {
    this.#entries.clear()
    this.#sizes.clear()
    this.#bySite.clear()
    this.#bytes = 0
  }
}
