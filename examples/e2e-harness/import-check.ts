// "Importing each example yields exactly the head it serves": with an example running, its pages
// are imported into a fresh Headmark site through Headmark's import, and what Headmark then
// serves for each path, rendered as head tags, is compared with the head the example served.
// Both examples' import specs use this file.
import type { GetLatestResponse, Metadata } from '@headmark/metadata'
import { toHeadTags } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import type { Page } from '@playwright/test'
import type { Headmark, HeadmarkAccount, SiteSettings } from './headmark.ts'

/** One tag of a head, as a crawler compares it: `meta property=og:title content=…`. */
export type HeadTagText = string

/** A tag the import did not map, with why (as `imports.get` lists them). */
export interface UnmappedTag {
  html: string
  reason: string
}

/**
 * The tags of a head Headmark's metadata describes, one line each, sorted; and the `<title>`.
 * Links' addresses are resolved against `url`, the page's address, as a crawler reads them
 * (`/icon.svg` and `http://localhost:3000/icon.svg` are one icon).
 */
export async function headTags(page: Page, html: string, url: string): Promise<HeadTagText[]> {
  return page.evaluate(
    ([source, base]) => {
      const doc = new DOMParser().parseFromString(source, 'text/html')
      const lines: string[] = []
      const title = doc.head.querySelector('title')
      if (title) lines.push(`title ${title.textContent ?? ''}`)
      for (const element of doc.head.querySelectorAll('meta')) {
        const name = element.getAttribute('name')
        const property = element.getAttribute('property')
        const content = element.getAttribute('content')
        if (content === null || (name === null && property === null)) continue
        lines.push(
          name !== null ? `meta name=${name} ${content}` : `meta property=${property} ${content}`,
        )
      }
      for (const element of doc.head.querySelectorAll('link[rel][href]')) {
        const rel = element.getAttribute('rel') ?? ''
        const hreflang = element.getAttribute('hreflang')
        const href = new URL(element.getAttribute('href') ?? '', base).href
        lines.push(`link rel=${rel}${hreflang === null ? '' : ` hreflang=${hreflang}`} ${href}`)
      }
      // JSON with its keys sorted: Headmark stores JSON-LD as jsonb, which keeps the values and
      // not the order of an object's keys.
      const sorted = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(sorted)
          : value !== null && typeof value === 'object'
            ? Object.fromEntries(
                Object.keys(value)
                  .sort()
                  .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
              )
            : value
      for (const script of doc.head.querySelectorAll('script[type="application/ld+json"]')) {
        lines.push(`ld+json ${JSON.stringify(sorted(JSON.parse(script.textContent ?? 'null')))}`)
      }
      return lines.sort()
    },
    [html, url] as const,
  )
}

/**
 * Whether `line` is of a kind the import summed up as technical (charset, viewport, http-equiv,
 * stylesheet, preload…: `imports.get`'s `technical`, labelled by a meta's name or a link's rel).
 */
function technical(line: HeadTagText, labels: ReadonlySet<string>): boolean {
  const [kind, key = ''] = line.split(' ', 2)
  const [attribute = '', value = ''] = key.split('=', 2)
  if (kind === 'meta') {
    return (
      labels.has(attribute.toLowerCase()) ||
      (attribute === 'name' && labels.has(value.toLowerCase()))
    )
  }
  return kind === 'link' && attribute === 'rel' && labels.has(value.toLowerCase())
}

/** Whether an unmapped tag's HTML is the tag `line` describes (same kind and key). */
function listedAsUnmapped(line: HeadTagText, unmapped: readonly UnmappedTag[]): boolean {
  const [kind, key] = line.split(' ', 2)
  if (kind === 'meta' && key) {
    const [attribute, value] = key.split('=', 2)
    return unmapped.some((tag) =>
      tag.html.toLowerCase().includes(`${attribute}="${value?.toLowerCase()}"`),
    )
  }
  if (kind === 'link' && key) {
    const rel = key.slice('rel='.length)
    return unmapped.some((tag) => tag.html.toLowerCase().includes(`rel="${rel.toLowerCase()}"`))
  }
  return false
}

export interface ImportedPage {
  path: string
  /**
   * What the example served, tag by tag (sorted), less the tags the import listed as unmapped
   * and the technical ones it summed up.
   */
  served: HeadTagText[]
  /** What Headmark serves for the path after the import, rendered as head tags (sorted). */
  headmark: HeadTagText[]
  /** The tags the import did not map, with why. */
  unmapped: UnmappedTag[]
  /** The kinds of technical tag the import summed up for the whole import (viewport…). */
  technical: string[]
  /** The page's own stored metadata in the fresh site. */
  stored: Metadata | null
}

/**
 * Creates a fresh site (`localhost`, in a new organization of `account`) with `settings` and
 * `defaults`, imports `paths` of the example at `origin` through `imports.start` (a pasted list
 * of URLs), waits for it to end and reads, for each path, the example's head and what Headmark
 * serves.
 */
export async function importExample(options: {
  page: Page
  headmark: Headmark
  account: HeadmarkAccount
  origin: string
  paths: readonly string[]
  titleTemplate: string | null
  defaults: Metadata
}): Promise<ImportedPage[]> {
  const { page, headmark, account, origin, paths } = options
  const organization = await account.createOrganization('Imported', `imported-${Date.now()}`)
  const site = await organization.createSite('Imported', 'localhost')
  await site.update({ titleTemplate: options.titleTemplate } satisfies Partial<SiteSettings>)
  await site.saveMetadata(null, options.defaults)
  const ref = { organizationSlug: site.organizationSlug, siteHostname: site.hostname }
  const started = await account.rpc<{ id: string }>('imports/start', {
    ...ref,
    source: 'urls',
    urls: paths.map((path) => `${origin}${path}`).join('\n'),
  })
  type Got = {
    import: { state: string; error: string | null; created: number }
    failures: Array<{ url: string; reason: string | null }>
    unmapped: Array<{ path: string; tags: UnmappedTag[] }>
    technical: { tags: Array<{ label: string }> } | null
  }
  const deadline = Date.now() + 60_000
  let got: Got
  for (;;) {
    got = await account.rpc<Got>('imports/get', { ...ref, importId: started.id })
    if (!['queued', 'running'].includes(got.import.state)) break
    if (Date.now() > deadline) throw new Error(`The import did not end: ${JSON.stringify(got)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (got.import.state !== 'done' || got.failures.length > 0) {
    throw new Error(`The import ended ${got.import.state}: ${JSON.stringify(got)}`)
  }
  const technicalLabels = new Set(got.technical?.tags.map((tag) => tag.label) ?? [])
  const results: ImportedPage[] = []
  for (const path of paths) {
    const unmapped = got.unmapped.find((item) => item.path === path)?.tags ?? []
    const url = `${origin}${path}`
    const html = await (await page.request.get(url)).text()
    const served = (await headTags(page, html, url)).filter(
      (line) => !listedAsUnmapped(line, unmapped) && !technical(line, technicalLabels),
    )
    const latest = (await (
      await page.request.get(
        `${headmark.metadataApiUrl}/v1/${encodeURIComponent(site.dsn)}/metadata/get-latest?path=${encodeURIComponent(path)}`,
      )
    ).json()) as GetLatestResponse
    const rendered = await headTags(
      page,
      `<head>${renderHead(toHeadTags(latest.metadata))}</head>`,
      url,
    )
    const own = await account.rpc<{ revision: { metadata: Metadata } | null }>('pages/get', {
      ...ref,
      pagePath: path,
    })
    results.push({
      path,
      served,
      headmark: rendered,
      unmapped,
      technical: [...technicalLabels],
      stored: own.revision?.metadata ?? null,
    })
  }
  return results
}
