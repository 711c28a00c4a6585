import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A WordPress site on loopback, with the REST formats of its SEO plugins as their documentation
 * shows them:
 * - Yoast SEO, `GET /wp-json/yoast/v1/get_head?url=<url>` →
 *   `{ "html": "<head tags>", "json": { …raw values… }, "status": 200 }` (a full answer with
 *   `status: 404` for a URL it does not know);
 * - Rank Math (headless support on), `GET /wp-json/rankmath/v1/getHead?url=<url>` →
 *   `{ "success": true, "head": "<head tags>" }`;
 * - WordPress's `GET /wp-json/wp/v2/posts?slug=` and `/pages?slug=` → `[{ "link", "yoast_head_json" }]`
 *   (`_fields` honoured), Yoast's field present when Yoast is;
 * - a plugin that is not active answers WordPress's `rest_no_route` 404.
 * The theme renders other tags than the plugins intend (as themes do), so a test can tell which
 * head was read.
 */
export interface WordPressFixture {
  origin: string
  /** Requests per path (without query). */
  count(path: string): number
  /** The `url` parameters the plugins' endpoints were asked for. */
  askedFor: string[]
  close(): Promise<void>
}

export interface WordPressFixtureOptions {
  yoast?: boolean
  rankMath?: boolean
  /**
   * Whether Yoast's get_head route answers (default true). Off, it answers `rest_no_route` while
   * `/wp-json/wp/v2/posts?slug=` and `/pages?slug=` still carry `yoast_head_json`.
   */
  getHead?: boolean
}

export const WORDPRESS_POSTS = ['/', '/hello-world/', '/about/'] as const

function yoastHead(origin: string, path: string): { html: string; json: Record<string, unknown> } {
  const url = `${origin}${path}`
  const title =
    path === '/'
      ? 'Fixture Blog - Just another WordPress site'
      : `${postTitle(path)} - Fixture Blog`
  const description = `What ${postTitle(path)} is about, as written in Yoast SEO.`
  const schema = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', '@id': `${url}#webpage`, url, name: title },
      { '@type': 'WebSite', '@id': `${origin}/#website`, url: `${origin}/`, name: 'Fixture Blog' },
    ],
  }
  const html = [
    '<!-- This site is optimized with the Yoast SEO plugin v23.0 - https://yoast.com/wordpress/plugins/seo/ -->',
    // Yoast's documented example has no <title> in `html` (its `json` has it): /about/ is so.
    ...(path === '/about/' ? [] : [`<title>${title}</title>`]),
    `<meta name="description" content="${description}" />`,
    '<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1" />',
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:locale" content="en_US" />',
    `<meta property="og:type" content="${path === '/' ? 'website' : 'article'}" />`,
    `<meta property="og:title" content="${postTitle(path)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta property="og:site_name" content="Fixture Blog" />',
    '<meta property="article:modified_time" content="2026-03-04T05:06:07+00:00" />',
    `<meta property="og:image" content="${origin}/wp-content/uploads/2026/03/card.png" />`,
    '\t<meta property="og:image:width" content="1200" />',
    '\t<meta property="og:image:height" content="675" />',
    '\t<meta property="og:image:type" content="image/png" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    '<meta name="twitter:label1" content="Est. reading time" />',
    '\t<meta name="twitter:data1" content="2 minutes" />',
    `<script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify(schema)}</script>`,
    '<!-- / Yoast SEO plugin. -->',
  ].join('\n')
  const json = {
    title,
    description,
    robots: {
      index: 'index',
      follow: 'follow',
      'max-snippet': 'max-snippet:-1',
      'max-image-preview': 'max-image-preview:large',
      'max-video-preview': 'max-video-preview:-1',
    },
    canonical: url,
    og_locale: 'en_US',
    og_type: path === '/' ? 'website' : 'article',
    og_title: postTitle(path),
    og_description: description,
    og_url: url,
    og_site_name: 'Fixture Blog',
    og_image: [
      {
        width: 1200,
        height: 675,
        url: `${origin}/wp-content/uploads/2026/03/card.png`,
        type: 'image/png',
      },
    ],
    article_modified_time: '2026-03-04T05:06:07+00:00',
    author: 'Fixture Author',
    twitter_card: 'summary_large_image',
    twitter_misc: { 'Est. reading time': '2 minutes' },
    schema,
  }
  return { html, json }
}

function rankMathHead(origin: string, path: string): string {
  const url = `${origin}${path}`
  return [
    '<!-- Search Engine Optimization by Rank Math - https://rankmath.com/ -->',
    `<title>${postTitle(path)} | Rank Math title</title>`,
    `<meta name="description" content="${postTitle(path)}, as Rank Math describes it."/>`,
    '<meta name="robots" content="follow, index, max-snippet:-1, max-video-preview:-1, max-image-preview:large"/>',
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:locale" content="en_US" />',
    '<meta property="og:type" content="article" />',
    `<meta property="og:title" content="${postTitle(path)} | Rank Math" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta property="og:site_name" content="Fixture Blog" />',
    '<meta property="og:updated_time" content="2026-03-04T05:06:07+00:00" />',
    `<meta property="og:image" content="${origin}/wp-content/uploads/2026/03/rank.jpg" />`,
    `<meta property="og:image:secure_url" content="${origin}/wp-content/uploads/2026/03/rank.jpg" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta property="og:image:alt" content="${postTitle(path)}" />`,
    '<meta property="og:image:type" content="image/jpeg" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${postTitle(path)} | Rank Math" />`,
    `<meta name="twitter:image" content="${origin}/wp-content/uploads/2026/03/rank.jpg" />`,
    '<meta name="twitter:label1" content="Time to read" />',
    '<meta name="twitter:data1" content="Less than a minute" />',
    `<script type="application/ld+json" class="rank-math-schema">${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'BlogPosting', headline: postTitle(path), url }],
    })}</script>`,
    '<!-- /Rank Math WordPress SEO plugin -->',
  ].join('\n')
}

function postTitle(path: string): string {
  if (path === '/') return 'Fixture Blog'
  const slug = path.replaceAll('/', '')
  return slug.charAt(0).toUpperCase() + slug.slice(1).replaceAll('-', ' ')
}

const noRoute = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
}

/** Starts the WordPress-shaped fixture; both plugins answer unless turned off. */
export async function startWordPressFixture(
  options: WordPressFixtureOptions = {},
): Promise<WordPressFixture> {
  const { yoast = true, rankMath = true, getHead = true } = options
  const counts = new Map<string, number>()
  const askedFor: string[] = []
  let origin = ''
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
    response.end(JSON.stringify(body))
  }
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin)
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1)
    const asked = url.searchParams.get('url') ?? ''
    const askedPath = URL.canParse(asked) ? new URL(asked).pathname : ''
    const known =
      (WORDPRESS_POSTS as readonly string[]).includes(askedPath) && asked.startsWith(origin)
    if (url.pathname === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(
        `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${origin}/wp-sitemap.xml\n`,
      )
      return
    }
    if (url.pathname === '/wp-json/yoast/v1/get_head') {
      askedFor.push(asked)
      if (!yoast || !getHead) return json(response, 404, noRoute)
      if (!known) {
        return json(response, 200, {
          html: '<title>Page not found - Fixture Blog</title>\n<meta name="robots" content="noindex, follow" />',
          json: {
            title: 'Page not found - Fixture Blog',
            robots: { index: 'noindex', follow: 'follow' },
          },
          status: 404,
        })
      }
      return json(response, 200, { ...yoastHead(origin, askedPath), status: 200 })
    }
    if (url.pathname === '/wp-json/wp/v2/posts' || url.pathname === '/wp-json/wp/v2/pages') {
      // WordPress's own REST API: /hello-world/ is a post, /about/ a page; Yoast adds its field.
      const slug = url.searchParams.get('slug') ?? ''
      const path = url.pathname.endsWith('/posts')
        ? slug === 'hello-world'
          ? '/hello-world/'
          : null
        : slug === 'about'
          ? '/about/'
          : null
      if (!path) return json(response, 200, [])
      const fields = (url.searchParams.get('_fields') ?? 'id,link,yoast_head_json').split(',')
      const item: Record<string, unknown> = { id: path.length, link: `${origin}${path}` }
      if (yoast) item.yoast_head_json = yoastHead(origin, path).json
      return json(response, 200, [
        Object.fromEntries(Object.entries(item).filter(([key]) => fields.includes(key))),
      ])
    }
    if (url.pathname === '/wp-json/rankmath/v1/getHead') {
      askedFor.push(asked)
      if (!rankMath) return json(response, 404, noRoute)
      if (!known) return json(response, 200, { success: false, message: 'Invalid URL.' })
      return json(response, 200, { success: true, head: rankMathHead(origin, askedPath) })
    }
    if ((WORDPRESS_POSTS as readonly string[]).includes(url.pathname)) {
      // What the theme renders: not what the plugin intends.
      response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' })
      response.end(
        `<!DOCTYPE html><html><head><title>Theme title for ${postTitle(url.pathname)}</title></head><body></body></html>`,
      )
      return
    }
    response.writeHead(404, { 'content-type': 'text/html' })
    response.end('<title>Not found</title>')
  }
  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    count: (path) => counts.get(path) ?? 0,
    askedFor,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
