import { lintMetadata, type Metadata, SERP, SERP_MOBILE, truncateText } from '@headmark/metadata'
import { McpServer } from '@modelcontextprotocol/server'
import { ORPCError, type RouterClient } from '@orpc/server'
import { z } from 'zod'
import type { Router } from '../router.ts'
import { MISSING_FIELDS } from '../domain/page-filter.ts'
import { metadataSchema } from '../domain/metadata-schema.ts'
import { generatePublicApiDocument } from '../public-api/contract.ts'
import {
  PROPOSES_NOTHING,
  proposeChangesShape,
  proposesSomething,
} from '../shared/change-requests.ts'
import type { AgentScopeName } from '../shared/agents.ts'
import { lookupText } from '../shared/text.ts'
import { METADATA_GUIDELINES } from './guidelines.ts'

// The tools, resources and prompts of Headmark's MCP server. Every tool calls the same RPC
// procedures the app calls, in-process, as the connection's person (their role now), so tenant
// and permission checks are the procedures' own; the connection narrows further (its
// organization, its sites, its scopes). Errors are tool results with a message an agent can act
// on (isError), never a protocol failure.

/** What a tool call runs with: the person's procedures and the connection's limits. */
export interface AgentCall {
  connectionId: string
  clientName: string
  organizationSlug: string
  /** null: every site of the organization. */
  siteIds: string[] | null
  scopes: AgentScopeName[]
  client: RouterClient<Router>
  /** The organization's site of this hostname, if the connection may see it; NOT_FOUND otherwise. */
  requireSite(hostname: string): Promise<{ id: string; hostname: string }>
  /** Counts one call against the connection's rate limit; throws TOO_MANY_REQUESTS past it. */
  consume(): Promise<void>
  logError(message: string, error: unknown): void
}

/** Every tool with the scope it needs, in the order tools/list gives them. */
export const TOOL_SCOPES = {
  list_sites: 'read',
  list_pages: 'read',
  get_page: 'read',
  lint_metadata: 'read',
  preview_page: 'read',
  get_drift_result: 'read',
  get_import_state: 'read',
  propose_changes: 'propose',
  run_drift_check: 'checks',
} as const satisfies Record<string, AgentScopeName>
export type ToolName = keyof typeof TOOL_SCOPES

const hostname = lookupText('The hostname', 4096).describe(
  'The site’s hostname, as list_sites gives it, e.g. "acme.com".',
)
const pagePath = lookupText('The page path', 8192).describe(
  'The page’s path, e.g. "/pricing" (as list_pages gives it).',
)
const metadataObject = z
  .record(z.string().max(100), z.unknown())
  .describe(
    'A metadata object as the public API serves it: title, description, canonical, robots, openGraph { title, description, image { url, width, height, alt } }, twitter, jsonLd, alternates, customTags.',
  )

const inputs = {
  list_sites: z.object({}),
  list_pages: z.object({
    siteHostname: hostname,
    missing: z
      .enum(MISSING_FIELDS)
      .optional()
      .describe('Only pages that serve no value for this field.'),
    lint: z
      .enum(['error', 'warning'])
      .optional()
      .describe('Only pages whose served metadata has lint findings of this severity.'),
    drifting: z
      .boolean()
      .optional()
      .describe('Only pages that served something else than intended at the last drift check.'),
    pathPrefix: z.string().max(2048).optional().describe('Only paths starting with this.'),
    cursor: lookupText('The cursor', 12_000)
      .optional()
      .describe('nextCursor of the previous answer, for the next pages.'),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  get_page: z.object({ siteHostname: hostname, pagePath }),
  lint_metadata: z.object({
    metadata: metadataObject,
    url: z
      .string()
      .max(8192)
      .optional()
      .describe('The page’s absolute URL: enables the host, https and canonical checks.'),
  }),
  preview_page: z.object({
    siteHostname: hostname,
    pagePath,
    metadata: metadataObject
      .optional()
      .describe(
        'A patch of the page’s own metadata to preview (each field given replaces the page’s, null removes it); left out: what the page serves now.',
      ),
  }),
  get_drift_result: z.object({
    siteHostname: hostname,
    pagePath: pagePath.optional().describe('One page’s result; left out: the site’s.'),
  }),
  get_import_state: z.object({ siteHostname: hostname }),
  propose_changes: z
    .object({
      siteHostname: hostname,
      title: proposeChangesShape.title.describe('What the change request changes, in a line.'),
      explanation: proposeChangesShape.explanation.describe(
        'Why: what is wrong now and what the changes fix. Reviewers read it first.',
      ),
      pages: z
        .array(
          z.object({
            pagePath,
            metadata: metadataObject.describe(
              'A patch of the page’s own metadata (with locale: of that locale’s set): each field given replaces the page’s, null removes it.',
            ),
            locale: z
              .string()
              .max(64)
              .optional()
              .describe(
                'On a site with locales (list_sites gives them), the locale whose metadata set the patch changes, e.g. "de". Left out, or the default locale: the page’s own set. A locale the site does not declare is refused.',
              ),
          }),
        )
        .max(500)
        .default([]),
      defaults: metadataObject
        .optional()
        .describe('A patch of the site’s defaults (what every page serves unless it says else).'),
      rules: z
        .array(
          z.object({
            ruleId: z
              .string()
              .max(256)
              .optional()
              .describe('An existing path rule’s id; left out: a new rule.'),
            pattern: z
              .string()
              .max(512)
              .optional()
              .describe('The rule’s path pattern, e.g. "/blog/**".'),
            metadata: metadataObject.optional(),
            titleTemplate: z.string().max(1000).nullable().optional(),
            delete: z.boolean().default(false),
          }),
        )
        .max(50)
        .default([]),
    })
    .refine(proposesSomething, PROPOSES_NOTHING),
  run_drift_check: z.object({
    siteHostname: hostname,
    pagePath: pagePath.optional().describe('Check one page; left out: the whole site.'),
  }),
} satisfies Record<ToolName, z.ZodType>

const descriptions: Record<ToolName, string> = {
  list_sites: 'The sites this connection may see: hostname, name, page count, last change.',
  list_pages:
    'A site’s pages with their own metadata and lint counts, 50 at a time; filter by a missing field, lint severity, drift at the last check or a path prefix.',
  get_page:
    'One page: what it serves (site defaults + path rules + its own metadata), its own metadata, its revisions, lint findings and its latest drift check.',
  lint_metadata:
    'Checks a metadata object against the guidelines Headmark enforces (widths in pixels, images, canonical, hreflang, structured data). Changes nothing.',
  preview_page:
    'What a page would show in search results (title and description cut at their pixel widths, desktop and mobile) and in social cards, now or with a proposed patch. Changes nothing.',
  get_drift_result:
    'The latest drift check of a site (score, drifting pages) or of one page (what each crawler got).',
  get_import_state: 'The site’s imports of its live pages: state, counts, errors.',
  propose_changes:
    'Proposes changes to pages (on a site with locales, to one locale’s set of a page with `locale`), the site’s defaults or path rules as ONE new draft change request, titled and explained. Never publishes: a person reviews, approves and publishes it.',
  run_drift_check:
    'Queues a drift check (fetches the live site as search and social crawlers do) of the site or one page; read its result with get_drift_result.',
}

const SCOPE_WORDS: Record<AgentScopeName, string> = {
  read: 'read',
  propose: 'propose changes',
  checks: 'run checks',
}

type ToolResult = {
  content: Array<{ type: 'text'; text: string }>
  isError?: boolean
}

const answer = (value: unknown): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
})

const failure = (message: string, issues?: unknown): ToolResult => ({
  content: [
    {
      type: 'text',
      text: issues === undefined ? message : `${message}\n${JSON.stringify({ issues }, null, 2)}`,
    },
  ],
  isError: true,
})

/** A page's own metadata patched: fields given replace, null removes. */
function patched(own: Metadata, patch: Record<string, unknown>): Metadata {
  const out: Record<string, unknown> = { ...own }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key]
    else out[key] = value
  }
  return out as Metadata
}

function searchPreview(metadata: Metadata) {
  const title = metadata.title ?? ''
  const description = metadata.description ?? ''
  const cut = (text: string, width: number, fontSize: number) => {
    const result = truncateText(text, width, fontSize)
    return { shown: result.text, truncated: result.truncated, widthPx: Math.round(result.width) }
  }
  return {
    search: {
      desktop: {
        title: {
          ...cut(title, SERP.title.desktop, SERP.title.fontSize),
          maxPx: SERP.title.desktop,
        },
        description: {
          ...cut(description, SERP.description.desktop, SERP.description.fontSize),
          maxPx: SERP.description.desktop,
        },
      },
      mobile: {
        title: { ...cut(title, SERP_MOBILE.title, SERP.title.fontSize), maxPx: SERP_MOBILE.title },
        description: {
          ...cut(description, SERP_MOBILE.description, SERP.description.fontSize),
          maxPx: SERP_MOBILE.description,
        },
      },
    },
    social: {
      title: metadata.openGraph?.title ?? metadata.title ?? null,
      description: metadata.openGraph?.description ?? metadata.description ?? null,
      image: metadata.openGraph?.image ?? null,
      twitterCard: metadata.twitter?.card ?? null,
    },
  }
}

/** The tool implementations: each gets its validated input and the call. */
const handlers: {
  [Name in ToolName]: (input: z.infer<(typeof inputs)[Name]>, call: AgentCall) => Promise<unknown>
} = {
  async list_sites(_input, call) {
    const sites = await call.client.sites.list({ organizationSlug: call.organizationSlug })
    return {
      sites: sites
        .filter((site) => call.siteIds === null || call.siteIds.includes(site.id))
        .map((site) => ({
          hostname: site.hostname,
          name: site.name,
          pageCount: site.pageCount,
          lastChangedAt: site.lastChangedAt,
          locales: site.locales,
        })),
    }
  },

  async list_pages(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const organizationSlug = call.organizationSlug
    let drifting: Set<string> | null = null
    if (input.drifting !== undefined) {
      const health = await call.client.health.getSite({
        organizationSlug,
        siteHostname: site.hostname,
      })
      drifting = new Set(health.drifted.map((entry) => entry.path))
    }
    const listed = await call.client.bulkPages.list({
      organizationSlug,
      siteHostname: site.hostname,
      filter: {
        ...(input.missing ? { missing: input.missing } : {}),
        ...(input.lint ? { lint: input.lint } : {}),
        ...(input.pathPrefix ? { pathPrefix: input.pathPrefix } : {}),
      },
      sort: 'path',
      limit: input.limit,
      ...(input.cursor ? { cursor: input.cursor } : {}),
    })
    const items = listed.items.filter(
      (item) => drifting === null || drifting.has(item.path) === input.drifting,
    )
    return {
      pages: items.map((item) => ({
        path: item.path,
        metadata: item.metadata,
        lint: item.lint,
        lastChangedAt: item.lastChangedAt,
        ...(drifting ? { drifting: drifting.has(item.path) } : {}),
      })),
      nextCursor: listed.nextCursor,
      total: listed.total,
    }
  },

  async get_page(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const ref = {
      organizationSlug: call.organizationSlug,
      siteHostname: site.hostname,
      pagePath: input.pagePath,
    }
    const page = await call.client.pages.get(ref)
    const [revisions, drift] = await Promise.all([
      call.client.metadataRevisions.list(ref),
      call.client.health.getPage(ref),
    ])
    const url = `https://${site.hostname}${page.page.path ?? '/'}`
    return {
      path: page.page.path,
      served: page.served,
      own: page.revision?.metadata ?? {},
      defaults: page.defaults,
      rules: page.rules,
      lint: lintMetadata(page.served, { url }),
      revisions: revisions.items.map((revision) => ({
        id: revision.id,
        number: revision.number,
        source: revision.source,
        author: revision.author?.name ?? null,
        createdAt: revision.createdAt,
      })),
      driftCheck: drift.result
        ? { checkedAt: drift.check?.finishedAt ?? null, ...drift.result }
        : { pending: drift.pending, result: null },
    }
  },

  async lint_metadata(input) {
    const parsed = metadataSchema.safeParse(input.metadata)
    if (!parsed.success) {
      throw new ORPCError('BAD_REQUEST', {
        message: `This is not a valid metadata object: ${parsed.error.issues[0]?.message ?? 'check its fields'}.`,
        data: { issues: parsed.error.issues },
      })
    }
    const findings = lintMetadata(parsed.data as Metadata, input.url ? { url: input.url } : {})
    return {
      errors: findings.filter((finding) => finding.severity === 'error').length,
      warnings: findings.filter((finding) => finding.severity === 'warning').length,
      findings,
    }
  },

  async preview_page(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const page = await call.client.pages.get({
      organizationSlug: call.organizationSlug,
      siteHostname: site.hostname,
      pagePath: input.pagePath,
    })
    let metadata: Metadata = page.served
    if (input.metadata) {
      // What the page would serve: the served layers with the page's own metadata patched.
      const own = (page.revision?.metadata ?? {}) as Metadata
      const next = patched(own, input.metadata)
      const parsed = metadataSchema.safeParse(next)
      if (!parsed.success) {
        throw new ORPCError('BAD_REQUEST', {
          message: `The proposed metadata is not valid: ${parsed.error.issues[0]?.message ?? 'check its fields'}.`,
          data: { issues: parsed.error.issues },
        })
      }
      const removed = Object.entries(input.metadata)
        .filter(([, value]) => value === null)
        .map(([key]) => key)
      metadata = { ...page.served, ...(parsed.data as Metadata) }
      for (const key of removed) {
        const inherited = [page.defaults, ...page.rules.map((rule) => rule.metadata)]
          .map((layer) => (layer as Record<string, unknown>)[key])
          .filter((value) => value !== undefined)
          .at(-1)
        if (inherited === undefined) delete (metadata as Record<string, unknown>)[key]
        else (metadata as Record<string, unknown>)[key] = inherited
      }
    }
    const url = `https://${site.hostname}${page.page.path ?? '/'}`
    return {
      path: page.page.path,
      proposed: input.metadata !== undefined,
      ...searchPreview(metadata),
      lint: lintMetadata(metadata, { url }),
    }
  },

  async get_drift_result(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const ref = { organizationSlug: call.organizationSlug, siteHostname: site.hostname }
    if (input.pagePath !== undefined) {
      return call.client.health.getPage({ ...ref, pagePath: input.pagePath })
    }
    const health = await call.client.health.getSite(ref)
    return {
      connected: health.connected,
      score: health.score,
      latest: health.latest,
      drifted: health.drifted,
      underWay: health.checks.filter(
        (check) => check.state === 'queued' || check.state === 'running',
      ),
    }
  },

  async get_import_state(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const imports = await call.client.imports.list({
      organizationSlug: call.organizationSlug,
      siteHostname: site.hostname,
    })
    return {
      imports: imports.slice(0, 10).map((view) => ({
        id: view.id,
        state: view.state,
        found: view.found,
        fetched: view.fetched,
        failed: view.failed,
        skipped: view.skipped,
        created: view.created,
        error: view.error,
        createdAt: view.createdAt,
        finishedAt: view.finishedAt,
      })),
    }
  },

  async propose_changes(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const proposal = await call.client.changeRequests.propose({
      organizationSlug: call.organizationSlug,
      siteHostname: site.hostname,
      title: input.title,
      explanation: input.explanation,
      pages: input.pages,
      ...(input.defaults ? { defaults: input.defaults } : {}),
      rules: input.rules,
    })
    return {
      ...proposal,
      status: 'open',
      note: 'A draft change request: a person reviews, approves and publishes it in Headmark. Nothing was published.',
    }
  },

  async run_drift_check(input, call) {
    const site = await call.requireSite(input.siteHostname)
    const ref = { organizationSlug: call.organizationSlug, siteHostname: site.hostname }
    const { checkId } =
      input.pagePath === undefined
        ? await call.client.health.checkSite(ref)
        : await call.client.health.checkPage({ ...ref, pagePath: input.pagePath })
    return { checkId, state: 'queued', next: 'Read the result with get_drift_result.' }
  },
}

/** An error a procedure or a check threw, as a tool result the agent can act on. */
function asToolFailure(error: unknown, call: AgentCall, name: string): ToolResult {
  if (error instanceof ORPCError) {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      call.logError(`[mcp] ${name} failed`, error.cause ?? error)
      return failure('Headmark could not answer this call just now; try again in a moment.')
    }
    const data = error.data as { issues?: unknown } | undefined
    return failure(error.message, data?.issues)
  }
  call.logError(`[mcp] ${name} failed`, error)
  return failure('Headmark could not answer this call just now; try again in a moment.')
}

/**
 * The MCP server of one call (a fresh instance per HTTP request): the tools the connection's
 * scopes allow are listed; a tool outside them answers which scope it needs.
 */
export function buildMcpServer(call: AgentCall): McpServer {
  const server = new McpServer(
    { name: 'headmark', title: 'Headmark', version: '1.0.0' },
    {
      instructions:
        'Headmark manages the metadata (titles, descriptions, social cards, canonical URLs, structured data) of websites. Read sites and pages, lint and preview metadata, run drift checks, and propose fixes with propose_changes: every change is a draft change request a person approves; nothing you do publishes.',
    },
  )
  for (const name of Object.keys(TOOL_SCOPES) as ToolName[]) {
    const scope = TOOL_SCOPES[name]
    const readOnly = name !== 'propose_changes' && name !== 'run_drift_check'
    server.registerTool(
      name,
      {
        description: `${descriptions[name]} (needs the "${SCOPE_WORDS[scope]}" permission: scope headmark:${scope})`,
        inputSchema: inputs[name],
        annotations: { readOnlyHint: readOnly, destructiveHint: false, openWorldHint: false },
      },
      async (input: unknown) => {
        if (!call.scopes.includes(scope)) {
          return failure(
            `This connection may not ${SCOPE_WORDS[scope]} (scope headmark:${scope}). Ask the person who connected you to connect again and allow it.`,
          )
        }
        try {
          await call.consume()
          const run = handlers[name] as (input: unknown, call: AgentCall) => Promise<unknown>
          return answer(await run(input, call))
        } catch (error) {
          return asToolFailure(error, call, name)
        }
      },
    )
  }

  server.registerResource(
    'public-api',
    'headmark://docs/public-api.json',
    {
      title: 'Headmark public metadata API (OpenAPI)',
      description:
        'The API a website calls to get the metadata of its pages: parameters, answers, errors, caching. The metadata object is the one the tools read and propose.',
      mimeType: 'application/json',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify(await generatePublicApiDocument(), null, 2),
        },
      ],
    }),
  )
  server.registerResource(
    'metadata-guidelines',
    'headmark://docs/metadata-guidelines.md',
    {
      title: 'Metadata guidelines Headmark checks',
      description: 'What lint_metadata and the page checks enforce, rule by rule.',
      mimeType: 'text/markdown',
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: METADATA_GUIDELINES }],
    }),
  )

  const siteArg = z.object({
    siteHostname: z.string().max(4096).describe('The site’s hostname, e.g. "acme.com".'),
  })
  server.registerPrompt(
    'audit_site',
    {
      title: 'Audit this site’s metadata',
      description: 'Audits a site’s metadata with Headmark’s checks and reports what to fix.',
      argsSchema: siteArg,
    },
    ({ siteHostname }) => ({
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: `Audit the metadata of the site ${siteHostname} in Headmark. Read the resource headmark://docs/metadata-guidelines.md first. Then: list_pages with lint "error", then with lint "warning", then with missing "description" and missing "openGraph.image"; get_drift_result for the site. For the worst pages, get_page and preview_page. Report, grouped by problem: how many pages, which ones (paths), why it matters, and the fix. Do not propose changes yet.`,
          },
        },
      ],
    }),
  )
  server.registerPrompt(
    'fix_errors',
    {
      title: 'Fix the pages with errors',
      description:
        'Drafts fixes for the pages whose metadata has lint errors, as one change request for review.',
      argsSchema: siteArg,
    },
    ({ siteHostname }) => ({
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text: `Fix the pages of ${siteHostname} whose metadata has lint errors. list_pages with lint "error" (follow nextCursor). For each page, get_page, write the fix, and check it with preview_page (with your metadata patch) until lint shows no errors. Then call propose_changes once with every page's patch, a title saying what it fixes and an explanation per kind of problem. When a fix belongs in the site's defaults or a path rule (the same problem on many pages), propose it there instead. Nothing is published: say that a person reviews the change request.`,
          },
        },
      ],
    }),
  )
  return server
}
