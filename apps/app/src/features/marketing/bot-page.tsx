import { CodeBlock } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

const blockAll = `User-agent: HeadmarkBot
Disallow: /`

const blockSome = `User-agent: HeadmarkBot
Disallow: /drafts/
Crawl-delay: 5`

/**
 * What HeadmarkBot is, for the people who find it in their server logs: the crawler's user agent
 * (`HeadmarkBot/<version> (+<app URL>/bot)`) points here.
 */
export function BotPage() {
  return (
    <article className="marketing mk-prose">
      <header className="mk-header">
        <h1>HeadmarkBot</h1>
        <p className="lead">
          HeadmarkBot is the crawler of Headmark, a tool that manages the titles, descriptions and
          social cards of websites. If you see it in your logs, someone imported or checked pages of
          your site in Headmark. It identifies itself as{' '}
          <code>HeadmarkBot/&lt;version&gt; (+https://&lt;this instance&gt;/bot)</code>.
        </p>
      </header>

      <h2>When it visits</h2>
      <p>
        Only when a person asks for it: an import of a site’s pages into Headmark, or a check that a
        site serves the tags its team intends. Both are started by the site’s own team. HeadmarkBot
        does not crawl the web on its own, follow links from page to page, or index anything for a
        search engine. Before it reads more than a handful of pages of a site, the site has to prove
        it belongs to the team that asked (a tag on its home page or a file under{' '}
        <code>/.well-known/</code>).
      </p>

      <h2>What it reads</h2>
      <ul>
        <li>
          <strong>
            Only the <code>&lt;head&gt;</code> of a page.
          </strong>{' '}
          It stops reading at <code>&lt;/head&gt;</code> (at most 1 MiB) and closes the connection:
          it never downloads the rest of the page, its scripts, styles or fonts.
        </li>
        <li>
          <strong>Your sitemap</strong>, to find the pages of an import: the <code>Sitemap:</code>{' '}
          lines of your <code>robots.txt</code>, else <code>/sitemap.xml</code>.
        </li>
        <li>
          <strong>The images the head names without their size</strong> (a social image or an icon
          without width and height): the first 256 KiB of each, once per import, to read its size.
        </li>
        <li>
          On WordPress sites, if the team chose it, the head Yoast SEO or Rank Math gives through
          their REST API.
        </li>
      </ul>

      <h2>It obeys robots.txt</h2>
      <p>
        HeadmarkBot reads your <code>robots.txt</code> before fetching any page, follows the{' '}
        <code>User-agent: HeadmarkBot</code> group if you have one (else the <code>*</code> group),
        and honours <code>Crawl-delay</code>. If your <code>robots.txt</code> answers with a server
        error, it fetches nothing from your site until it can read it. Two requests need no{' '}
        <code>robots.txt</code> permission: the ownership proof the team is asked for, and the
        images named in a page’s head.
      </p>

      <h2>How to block it</h2>
      <p>
        To keep HeadmarkBot off your whole site, add this to your <code>robots.txt</code>:
      </p>
      <CodeBlock label="robots.txt" language="text" code={blockAll} />
      <p>Or keep it out of some paths, and slow it down (seconds between requests):</p>
      <CodeBlock label="robots.txt" language="text" code={blockSome} />

      <h2>How fast it goes</h2>
      <p>
        By default at most 2 requests at once and 4 a second to one site; the people who run this
        Headmark instance can set it lower, and a longer <code>Crawl-delay</code> in your{' '}
        <code>robots.txt</code> always wins. Each request gives up after 10 seconds. It follows at
        most 5 redirects and never visits private network addresses.
      </p>

      <h2>Questions or a problem</h2>
      <p>
        If HeadmarkBot misbehaves on your site, or you want to know who started a crawl, write to
        the people who run this instance through the <Link to="/contact">contact form</Link>; say
        your site’s address and, if you can, the time of the requests.
      </p>
    </article>
  )
}
