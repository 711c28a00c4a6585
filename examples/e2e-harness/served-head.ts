import type { Page } from '@playwright/test'

/** What a crawler reads from a page: its status and its `<head>` as served (no script run). */
export interface ServedHead {
  status: number
  html: string
  /** The `lang` attribute of `<html>` (`''` without one). */
  lang: string
  title: string | null
  /** `<meta>` content by `name` or `property`; repeated tags in order. */
  meta: Record<string, string[]>
  /** `<link>` elements by `rel`. */
  links: Record<string, Array<{ href: string; sizes: string | null; type: string | null }>>
  /** `<link rel="alternate" hreflang>` as `[hreflang, href]`, in order. */
  alternates: Array<[string, string]>
  /** The parsed `<script type="application/ld+json">` of the whole document. */
  jsonLd: unknown[]
  /**
   * Every script element of the document: its `type` and `id` attributes (`''` without one) and
   * its text.
   */
  scripts: Array<{ type: string; id: string; text: string }>
}

/**
 * Fetches a URL and parses the served HTML with the browser's own parser (DOMParser: nothing
 * runs, no client rendering touches the head).
 */
export async function servedHead(page: Page, url: string): Promise<ServedHead> {
  const response = await page.request.get(url, { maxRedirects: 0 })
  const html = await response.text()
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html')
    const meta: Record<string, string[]> = {}
    for (const element of doc.head.querySelectorAll('meta')) {
      const key = element.getAttribute('name') ?? element.getAttribute('property')
      const content = element.getAttribute('content')
      if (key !== null && content !== null) (meta[key] ??= []).push(content)
    }
    const links: Record<
      string,
      Array<{ href: string; sizes: string | null; type: string | null }>
    > = {}
    for (const element of doc.head.querySelectorAll('link[rel]')) {
      ;(links[element.getAttribute('rel') ?? ''] ??= []).push({
        href: element.getAttribute('href') ?? '',
        sizes: element.getAttribute('sizes'),
        type: element.getAttribute('type'),
      })
    }
    const alternates = [...doc.head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
      (element): [string, string] => [
        element.getAttribute('hreflang') ?? '',
        element.getAttribute('href') ?? '',
      ],
    )
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? 'null') as unknown,
    )
    const scripts = [...doc.querySelectorAll('script')].map((script) => ({
      type: script.getAttribute('type') ?? '',
      id: script.getAttribute('id') ?? '',
      text: script.textContent ?? '',
    }))
    return {
      lang: doc.documentElement.getAttribute('lang') ?? '',
      title: doc.head.querySelector('title')?.textContent ?? null,
      meta,
      links,
      alternates,
      jsonLd,
      scripts,
    }
  }, html)
  return { status: response.status(), html, ...parsed }
}

/** The one content of a meta tag, or undefined. */
export const one = (head: ServedHead, key: string): string | undefined => {
  const values = head.meta[key]
  return values?.length === 1 ? values[0] : undefined
}
