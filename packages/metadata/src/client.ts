import { isServedResponse } from './guards.ts'
import { normalizePath } from './path.ts'
import type { GetLatestResponse } from './types.ts'

/** Cache settings of {@link createMetadataClient}. All durations are in milliseconds. */
export interface MetadataCacheOptions {
  /** How many paths are kept; the least recently used is evicted first. `0` disables caching. Default 1000. */
  maxEntries?: number
  /** How long an answer is served without asking the API again. Default 60 000 (1 minute). */
  ttl?: number
  /**
   * How long after `ttl` an old answer is still served at once while a fresh one is fetched in
   * the background. Default 300 000 (5 minutes).
   */
  staleWhileRevalidate?: number
}

/** Options of {@link createMetadataClient}. */
export interface MetadataClientOptions {
  /** The site's DSN. Empty or missing means development mode: empty metadata, no request. */
  dsn: string | undefined
  /** Sent as `Authorization: Bearer <apiKey>` when the site requires a key. Keep it on the server. */
  apiKey?: string | undefined
  /**
   * The metadata service of your Headmark deployment, e.g. `https://<headmark origin>/api/openapi`.
   * There is no default host: with a DSN, a missing or non-`http(s)` value throws at creation.
   */
  baseUrl: string | undefined
  /** A `fetch` implementation; the global one by default. */
  fetch?: typeof fetch
  /** Per-request timeout in milliseconds. Default 3000. */
  timeout?: number
  cache?: MetadataCacheOptions
  /** Where the failure warning goes. Default `console`. */
  logger?: { warn(message: string, error: unknown): void }
}

/** Per-call settings of {@link MetadataClient.get}, for servers that render several sites. */
export interface MetadataRequestOptions {
  /** The site to ask for; the client's `dsn` by default. Answers are cached per DSN. */
  dsn?: string | undefined
  /** The key of that site; the client's `apiKey` by default. Answers are cached per key too. */
  apiKey?: string | undefined
  /**
   * On a site with locales, the locale to read (`de`, `fr-CA`), sent as `locale=`; without it,
   * the default locale's. Answers are cached per locale; `invalidate(path)` drops every locale's.
   */
  locale?: string | undefined
}

/** A cached client of the metadata service; see {@link createMetadataClient}. */
export interface MetadataClient {
  /**
   * The metadata of one page, or `null` when it could not be loaded (one warning is logged;
   * render your fallback). Never rejects.
   */
  get(path: string, options?: MetadataRequestOptions): Promise<GetLatestResponse | null>
  /**
   * Drops one path from the cache, or every path with `null` (the site's default metadata
   * changed): of one site when `dsn` is given, of every site otherwise.
   */
  invalidate(path: string | null, options?: { dsn?: string | undefined }): void
}

interface Entry {
  value: GetLatestResponse
  etag: string | null
  at: number
}

/**
 * Creates a client of `GET {baseUrl}/v1/{dsn}/metadata/get-latest?path=`. Answers are cached per
 * DSN and normalised path in a bounded LRU with a TTL and stale-while-revalidate; concurrent
 * calls for one path share one request; revalidation sends `If-None-Match`.
 *
 * @example
 * const client = createMetadataClient({
 *   dsn: env.VITE_METADATA_DSN,
 *   baseUrl: 'https://headmark.example/api/openapi',
 * })
 * const response = await client.get('/pricing') // null → use your fallback
 */
export function createMetadataClient(options: MetadataClientOptions): MetadataClient {
  const { timeout = 3000, logger = console } = options
  const { maxEntries = 1000, ttl = 60_000, staleWhileRevalidate = 300_000 } = options.cache ?? {}
  const fetchImpl = options.fetch ?? fetch
  // Thrown at start-up, not during a render: a client without a service is a deployment error.
  if (options.dsn) checkBaseUrl(options.baseUrl)
  const base = `${options.baseUrl}`.replace(/\/+$/, '')
  const cache = new Map<string, Entry>()
  const inflight = new Map<string, Promise<GetLatestResponse | null>>()

  const warn = (path: string, error: unknown) =>
    logger.warn(`[headmark] Could not load metadata for "${path}"; using the fallback.`, error)

  const store = (key: string, entry: Entry) => {
    cache.delete(key)
    cache.set(key, entry)
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string)
  }

  async function request(
    url: string,
    path: string,
    apiKey: string | undefined,
    previous: Entry | undefined,
  ): Promise<Entry | null> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (apiKey) headers.authorization = `Bearer ${apiKey}`
    if (previous?.etag) headers['if-none-match'] = previous.etag
    try {
      const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeout) })
      if (response.status === 304 && previous) return { ...previous, at: Date.now() }
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const value = (await response.json()) as GetLatestResponse
      if (!isServedResponse(value)) throw new Error('Invalid response body')
      return { value, etag: response.headers.get('etag'), at: Date.now() }
    } catch (error) {
      warn(path, error)
      return null
    }
  }

  // Entries are keyed by the request URL (site and path) and the key it was asked with.
  const site = (dsn: string) => `${base}/v1/${encodeURIComponent(dsn)}/`
  function load(
    key: string,
    url: string,
    path: string,
    apiKey: string | undefined,
    previous: Entry | undefined,
  ) {
    let pending = inflight.get(key)
    if (!pending) {
      const started = request(url, path, apiKey, previous).then((entry) => {
        // An invalidation during the request removed it from `inflight`: its answer may predate
        // the change, so it is handed to the callers that were waiting but not cached.
        if (inflight.get(key) === started) {
          inflight.delete(key)
          if (entry) store(key, entry)
        }
        return entry ? entry.value : null
      })
      inflight.set(key, started)
      pending = started
    }
    return pending
  }

  return {
    async get(path, call = {}) {
      const dsn = call.dsn ?? options.dsn
      const apiKey = call.apiKey ?? options.apiKey
      if (!dsn) return { metadata: {} }
      const normalized = normalizePath(path)
      if (!normalized.ok) {
        warn(`${path}`, new Error(`Invalid page path (${normalized.error})`))
        return null
      }
      if (!options.baseUrl) {
        warn(normalized.path, baseUrlError(REQUIRED))
        return null
      }
      const url = `${site(dsn)}metadata/get-latest?${call.locale ? `locale=${encodeURIComponent(call.locale)}&` : ''}path=${encodeURIComponent(normalized.path)}`
      const key = `${url}\u0000${apiKey ?? ''}`
      const entry = cache.get(key)
      const age = entry ? Date.now() - entry.at : Infinity
      if (entry && age < ttl + staleWhileRevalidate) {
        store(key, entry)
        if (age >= ttl) void load(key, url, normalized.path, apiKey, entry)
        return entry.value
      }
      return load(key, url, normalized.path, apiKey, entry)
    },
    invalidate(path, scope = {}) {
      const normalized = path === null ? null : normalizePath(path)
      if (normalized?.ok === false) return
      const prefix = scope.dsn === undefined ? '' : site(scope.dsn)
      // `path=` is the last parameter and values escape `=`: this matches one path, every locale.
      const query = normalized ? `path=${encodeURIComponent(normalized.path)}\u0000` : ''
      for (const map of [cache, inflight]) {
        for (const key of map.keys()) {
          if (key.startsWith(prefix) && key.includes(query)) map.delete(key)
        }
      }
    },
  }
}

const baseUrlError = (problem: string) =>
  new TypeError(
    `createMetadataClient: baseUrl ${problem}; pass your Headmark metadata API, e.g. https://headmark.example/api/openapi`,
  )
const REQUIRED = 'is required with a DSN (there is no default host)'

function checkBaseUrl(baseUrl: string | undefined): void {
  if (!baseUrl) throw baseUrlError(REQUIRED)
  if (!/^https?:\/\/[^/]/i.test(baseUrl)) {
    throw baseUrlError(`must be an http(s) URL, not ${JSON.stringify(baseUrl)}`)
  }
}
