import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { normalizePath, type GetLatestResponse } from '@headmark/metadata'
import type { Database } from '../db/client.ts'
import type { CoreEvents } from '../domain/events.ts'
import { type CompiledRule, loadSiteRules, matchingRules } from '../domain/path-rules.ts'
import { servedPageInLocale } from '../domain/page-locales.ts'
import { chooseLocale } from '../domain/site-locales.ts'
import {
  type Answer,
  chooseEncoding,
  createAnswer,
  encoded,
  type ErrorAnswer,
  errorAnswer,
  matchesEtag,
} from './answer.ts'
import { cdnTagHeaders } from '../operations/cdn-purge.ts'
import { AnswerCache } from './cache.ts'
import { createSiteLookup, type SiteLookup } from './lookup.ts'
import { type Counter, UsageRecorder } from './usage.ts'

/** Where the public API lives; everything under it is answered by {@link PublicApi.handle}. */
export const PUBLIC_API_PREFIX = '/api/openapi/'
const V1_PREFIX = '/api/openapi/v1/'
const GET_LATEST_SUFFIX = '/metadata/get-latest'
/** The longest page path the API accepts, in characters (after decoding the query). */
export const MAX_PATH_LENGTH = 2048
/** The longest `locale` query parameter looked at. */
const MAX_LOCALE_LENGTH = 64
const DSN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/
/** How long after a site's first call it is written: first calls of other sites meanwhile join it. */
const FIRST_REQUEST_DELAY = 100

export interface PublicApiOptions {
  db: Database
  events: CoreEvents
  /** At most this many answers are kept (0: no cache). */
  maxEntries?: number
  /** …and at most this many bytes of them. */
  maxBytes?: number
  /** How long an unknown DSN is remembered as unknown, in ms. */
  negativeTtl?: number
  /** Usage is written every this many ms (and on close). */
  flushInterval?: number
  /**
   * Set when Headmark purges the CDN on every change (CDN_PURGE_*): public answers tell CDNs to
   * keep them this long (`CDN-Cache-Control`, `Surrogate-Control`); browsers still revalidate.
   */
  cdnMaxAgeSeconds?: number | null
  /** Answers `GET /api/openapi/spec.json`. */
  openApiDocument?: () => unknown
  log?: (error: unknown) => void
}

/** What the cache keeps per site: the bits the hot path checks on every request. */
interface SiteState {
  id: string
  requireApiKey: boolean
  /** SHA-256 hex → key id, for the site's unrevoked keys. */
  keys: Map<string, string>
  /** The last Authorization value that matched, and its key: most callers send one key. */
  lastAuthorization: string | null
  lastKeyId: string | null
  calls: Counter
  /** The site's path rules, compiled and sorted least → most specific: read once per site. */
  rules: CompiledRule[]
  /** Whether the site's first call is recorded (or noted by this process): checked per request. */
  firstRequestRecorded: boolean
}

interface Entry {
  answer: Answer
  site: SiteState
  /** The normalised page path asked for. */
  path: string
  /** Requests for a path that has no page yet; null when the page exists. */
  discovery: Counter | null
}

/** The public metadata API of one server process: handler, cache, usage, invalidation. */
export interface PublicApi {
  /**
   * Answers a request under `/api/openapi/`. Returns false (having sent nothing) for any other
   * URL, so the caller can pass it on.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** Drops a site's cached answers (its keys and settings included). */
  invalidateSite(siteId: string): void
  /** Drops every cached answer. */
  dropAll(): void
  /** Writes usage counted so far. */
  flush(): Promise<void>
  /** Stops the flush timer and writes what is left. */
  close(): Promise<void>
  /** Counts a NOTIFY sent to the other instances (see instance.ts). */
  countNotify(): void
  readonly stats: PublicApiStats
}

/** Running totals since the process started, and the cache's current size. */
export interface PublicApiStats {
  /** Answers served from the memory cache. */
  hits: number
  /** Requests that were not in it. */
  misses: number
  /** Database lookups made (concurrent misses of one URL share one). */
  lookups: number
  /** Reads of a site's path rules (once per site until it changes). */
  ruleLoads: number
  /** Requests refused from the memory of unknown DSNs, without a lookup. */
  unknownDsnHits: number
  /** Sites dropped after a change. */
  invalidations: number
  /** Whole-cache drops. */
  drops: number
  /** NOTIFYs sent to other instances. */
  notifies: number
  entries: number
  bytes: number
}

const ERRORS = {
  noPath: errorAnswer(
    'BAD_REQUEST',
    'Add the page path as a query parameter: ?path=/pricing (URL-encoded).',
  ),
  tooLong: errorAnswer(
    'BAD_REQUEST',
    `The path is longer than ${MAX_PATH_LENGTH} characters; send the page's path without its query string.`,
  ),
  locale: errorAnswer(
    'BAD_REQUEST',
    'The locale is too long: send one of the site’s locale codes, such as de or fr-CA.',
  ),
  malformed: errorAnswer(
    'BAD_REQUEST',
    'The path has a malformed percent escape (a "%" not followed by two hex digits, or bytes that are not UTF-8). Encode a literal "%" as %25.',
  ),
  unknownDsn: errorAnswer(
    'NOT_FOUND',
    'No site has this DSN. Copy the DSN from the site’s install page in Headmark.',
  ),
  notFound: errorAnswer(
    'NOT_FOUND',
    'There is no such endpoint. The metadata of a page is at /api/openapi/v1/{dsn}/metadata/get-latest?path=/your-page.',
  ),
  missingKey: errorAnswer(
    'UNAUTHORIZED',
    'This site requires an API key: send it as "Authorization: Bearer <key>". Keys are created in the site’s settings.',
    ['www-authenticate', 'Bearer'],
  ),
  wrongKey: errorAnswer(
    'UNAUTHORIZED',
    'This API key is not valid for this site (wrong, or revoked). Create a new key in the site’s settings.',
    ['www-authenticate', 'Bearer error="invalid_token"'],
  ),
  method: errorAnswer('METHOD_NOT_SUPPORTED', 'Only GET, HEAD and OPTIONS are supported here.', [
    'allow',
    'GET, HEAD, OPTIONS',
  ]),
  internal: errorAnswer(
    'INTERNAL_SERVER_ERROR',
    'Headmark could not load this metadata right now. Try again in a moment; your site should fall back to its own tags.',
  ),
} satisfies Record<string, ErrorAnswer>

const PREFLIGHT_HEADERS = [
  'access-control-allow-origin',
  '*',
  'access-control-allow-methods',
  'GET, HEAD, OPTIONS',
  'access-control-allow-headers',
  'Authorization, If-None-Match, Accept, Accept-Encoding',
  'access-control-max-age',
  '86400',
  'content-length',
  '0',
]

function sendError(res: ServerResponse, error: ErrorAnswer): void {
  res.writeHead(error.status, error.headers)
  res.end(error.body)
}

/**
 * Builds the public API on a database and the core's events: answers come from a bounded LRU of
 * finished responses; a miss costs one query; `siteChanged` drops a site's answers.
 */
export function createPublicApi(options: PublicApiOptions): PublicApi {
  const { db, events, log = console.error } = options
  const negativeTtl = options.negativeTtl ?? 10_000
  const cdnCaching = options.cdnMaxAgeSeconds
    ? [
        'cdn-cache-control',
        `max-age=${options.cdnMaxAgeSeconds}`,
        'surrogate-control',
        `max-age=${options.cdnMaxAgeSeconds}`,
      ]
    : []
  const lookup = createSiteLookup(db)
  const recorder = new UsageRecorder(db)
  const cache = new AnswerCache<Entry>({
    maxEntries: options.maxEntries ?? 50_000,
    maxBytes: options.maxBytes ?? 128 * 1024 * 1024,
    sizeOf: (entry) => entry.answer.bytes,
    siteOf: (entry) => entry.site.id,
  })
  /** Unknown DSNs → when to forget it (bounded, so probing can not grow it). */
  const unknownDsns = new Map<string, number>()
  const MAX_UNKNOWN_DSNS = 10_000
  const sites = new Map<string, SiteState>()
  const pending = new Map<string, Promise<Entry | { error: ErrorAnswer } | null>>()
  // Invalidation vs. misses in flight: an answer read before a change must not be cached after it.
  let sequence = 0
  let droppedAt = 0
  const invalidatedAt = new Map<string, number>()
  let spec: Buffer | null = null
  const stats = {
    hits: 0,
    misses: 0,
    lookups: 0,
    ruleLoads: 0,
    unknownDsnHits: 0,
    invalidations: 0,
    drops: 0,
    notifies: 0,
  }

  function invalidateSite(siteId: string): void {
    stats.invalidations++
    cache.deleteSite(siteId)
    sites.delete(siteId)
    invalidatedAt.set(siteId, ++sequence)
    // A site created (or given a new DSN) after a probe must not stay "unknown".
    unknownDsns.clear()
  }

  function dropAll(): void {
    stats.drops++
    cache.clear()
    sites.clear()
    unknownDsns.clear()
    droppedAt = ++sequence
  }

  events.onSiteChanged(invalidateSite)

  function siteState(found: SiteLookup, rules: CompiledRule[]): SiteState {
    const existing = sites.get(found.site.id)
    if (existing) return existing
    const state: SiteState = {
      rules,
      id: found.site.id,
      requireApiKey: found.site.requireApiKey,
      keys: new Map(found.keys.map((key) => [key.keyHash, key.id])),
      lastAuthorization: null,
      lastKeyId: null,
      calls: recorder.callsOf(found.site.organizationId),
      firstRequestRecorded: found.site.firstRequestRecorded,
    }
    sites.set(state.id, state)
    return state
  }

  async function load(
    dsn: string,
    path: string,
    url: string,
    locale: string | null,
  ): Promise<Entry | { error: ErrorAnswer } | null> {
    const started = ++sequence
    stats.lookups++
    const found = await lookup(dsn, path)
    if (!found) {
      if (unknownDsns.size >= MAX_UNKNOWN_DSNS) unknownDsns.clear()
      unknownDsns.set(dsn, Date.now() + negativeTtl)
      return null
    }
    const choice = chooseLocale(found.site.locales, locale)
    if (!choice.ok) return { error: errorAnswer('BAD_REQUEST', choice.message) }
    const revision = found.page?.revision ?? null
    // A site's rules are read with its first miss and kept with its state until it changes.
    let rules = sites.get(found.site.id)?.rules
    if (!rules) {
      stats.ruleLoads++
      rules = await loadSiteRules(db, found.site.id)
    }
    // The one computation of what a path serves in a locale (webhook bodies use it too).
    const served = await servedPageInLocale(db, {
      site: found.site,
      path,
      page: found.page ? { id: found.page.id, own: revision?.metadata ?? null } : null,
      locale: choice.locale,
      defaults: found.defaults?.metadata ?? null,
      rules: matchingRules(rules, path),
    })
    const response: GetLatestResponse = { metadata: served.metadata }
    const revisionId = served.localeRevisionId ?? revision?.id ?? found.defaults?.revisionId
    if (revisionId) response.metadataRevisionId = revisionId
    const fresh = droppedAt < started && (invalidatedAt.get(found.site.id) ?? 0) < started
    const site = fresh ? siteState(found, rules) : transientSite(found, rules)
    const entry: Entry = {
      answer: createAnswer(
        response,
        found.site.requireApiKey,
        // A site that requires a key is never in a shared cache: nothing to tag or keep.
        found.site.requireApiKey ? [] : [...cdnTagHeaders(found.site.id, path), ...cdnCaching],
      ),
      site,
      path,
      discovery: found.page ? null : recorder.discoveryOf(found.site.id, path),
    }
    if (fresh) cache.set(url, entry)
    return entry
  }

  function transientSite(found: SiteLookup, rules: CompiledRule[]): SiteState {
    return {
      rules,
      id: found.site.id,
      requireApiKey: found.site.requireApiKey,
      keys: new Map(found.keys.map((key) => [key.keyHash, key.id])),
      lastAuthorization: null,
      lastKeyId: null,
      calls: recorder.callsOf(found.site.organizationId),
      firstRequestRecorded: found.site.firstRequestRecorded,
    }
  }

  let firstRequestTimer: ReturnType<typeof setTimeout> | null = null

  /**
   * A site's first successful call as far as this process knows: noted once, and written shortly
   * after (not on the request's path) so the site's install page can say so.
   */
  function firstRequest(site: SiteState, path: string): void {
    site.firstRequestRecorded = true
    if (!recorder.firstRequest(site.id, path, Date.now()) || firstRequestTimer) return
    firstRequestTimer = setTimeout(() => {
      firstRequestTimer = null
      recorder.flushFirstRequests().catch(log)
    }, FIRST_REQUEST_DELAY)
    firstRequestTimer.unref()
  }

  /** Sends the entry's answer, after the key check; the whole hot path. */
  function serve(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    const { site, answer } = entry
    if (site.requireApiKey) {
      const authorization = header(req, 'authorization')
      if (authorization === undefined) return sendError(res, ERRORS.missingKey)
      if (authorization !== site.lastAuthorization) {
        const keyId = keyFor(site, authorization)
        if (keyId === null) return sendError(res, ERRORS.wrongKey)
        site.lastAuthorization = authorization
        site.lastKeyId = keyId
      }
      recorder.keyUsed(site.lastKeyId as string, Date.now())
    }
    site.calls.n++
    if (entry.discovery) entry.discovery.n++
    if (!site.firstRequestRecorded) firstRequest(site, entry.path)
    const ifNoneMatch = header(req, 'if-none-match')
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, answer.etag)) {
      res.writeHead(304, answer.notModified)
      res.end()
      return
    }
    const encoding = answer.compressible ? chooseEncoding(header(req, 'accept-encoding')) : null
    const representation = encoding ? encoded(answer, encoding) : answer.identity
    res.writeHead(200, representation.headers)
    res.end(representation.body)
  }

  function serveSpec(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, ERRORS.method)
    spec ??= Buffer.from(JSON.stringify(options.openApiDocument?.() ?? {}), 'utf8')
    res.writeHead(200, [
      'content-type',
      'application/json',
      'content-length',
      String(spec.length),
      'cache-control',
      'public, max-age=300',
      'access-control-allow-origin',
      '*',
    ])
    res.end(spec)
  }

  async function miss(req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
    const query = url.indexOf('?')
    const route = query === -1 ? url : url.slice(0, query)
    if (!route.startsWith(V1_PREFIX) || !route.endsWith(GET_LATEST_SUFFIX)) {
      return sendError(res, ERRORS.notFound)
    }
    let dsn: string
    try {
      dsn = decodeURIComponent(route.slice(V1_PREFIX.length, -GET_LATEST_SUFFIX.length))
    } catch {
      return sendError(res, ERRORS.unknownDsn)
    }
    if (!DSN_PATTERN.test(dsn)) return sendError(res, ERRORS.unknownDsn)
    const unknownUntil = unknownDsns.get(dsn)
    if (unknownUntil !== undefined) {
      if (unknownUntil > Date.now()) {
        stats.unknownDsnHits++
        return sendError(res, ERRORS.unknownDsn)
      }
      unknownDsns.delete(dsn)
    }
    const params = query === -1 ? null : new URLSearchParams(url.slice(query + 1))
    const raw = params?.get('path') ?? null
    if (raw === null) return sendError(res, ERRORS.noPath)
    const locale = params?.get('locale') ?? null
    if (locale !== null && locale.length > MAX_LOCALE_LENGTH) return sendError(res, ERRORS.locale)
    if (raw.length > MAX_PATH_LENGTH) return sendError(res, ERRORS.tooLong)
    const normalized = normalizePath(raw)
    if (!normalized.ok) return sendError(res, ERRORS.malformed)

    stats.misses++
    let loading = pending.get(url)
    if (!loading) {
      loading = load(dsn, normalized.path, url, locale).finally(() => {
        pending.delete(url)
        if (pending.size === 0) invalidatedAt.clear()
      })
      pending.set(url, loading)
    }
    const entry = await loading
    if (!entry) return sendError(res, ERRORS.unknownDsn)
    if ('error' in entry) return sendError(res, entry.error)
    serve(req, res, entry)
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/'
    if (!url.startsWith(PUBLIC_API_PREFIX)) return false
    const method = req.method
    if (method === 'GET' || method === 'HEAD') {
      const entry = cache.get(url)
      if (entry !== undefined) {
        stats.hits++
        serve(req, res, entry)
        return true
      }
      if (url === '/api/openapi/spec.json') {
        serveSpec(req, res)
        return true
      }
      miss(req, res, url).catch((error: unknown) => {
        log(error)
        if (!res.headersSent) sendError(res, ERRORS.internal)
        else res.destroy()
      })
      return true
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, PREFLIGHT_HEADERS)
      res.end()
      return true
    }
    sendError(res, ERRORS.method)
    return true
  }

  const flushInterval = options.flushInterval ?? 5_000
  const flush = () => recorder.flush()
  const timer = setInterval(() => {
    flush().catch(log)
  }, flushInterval)
  timer.unref()

  return {
    handle,
    invalidateSite,
    dropAll,
    flush,
    async close() {
      clearInterval(timer)
      if (firstRequestTimer) clearTimeout(firstRequestTimer)
      await flush()
    },
    countNotify() {
      stats.notifies++
    },
    get stats() {
      return { ...stats, entries: cache.size, bytes: cache.bytes }
    },
  }
}

/**
 * A request header, read from the parser's raw list: unlike `req.headers`, it builds no object
 * per request. `name` is lowercase; the first occurrence wins.
 */
function header(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const candidate = raw[i] as string
    if (
      candidate.length === name.length &&
      (candidate === name || candidate.toLowerCase() === name)
    ) {
      return raw[i + 1]
    }
  }
  return undefined
}

function keyFor(site: SiteState, authorization: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (!match) return null
  const hash = createHash('sha256')
    .update(match[1] as string)
    .digest('hex')
  return site.keys.get(hash) ?? null
}
