import { CodeBlock } from '@headmark/ui'
import { Link } from '@tanstack/react-router'
import {
  installSnippet,
  nextClientSnippet,
  nextEnvSnippet,
  nextLayoutSnippet,
  nextPageSnippet,
  nextRootPageSnippet,
  nextWebhookSnippet,
} from './snippets.ts'

/** The complete Next.js (App Router) integration guide. */
export function NextjsGuide() {
  return (
    <article className="marketing mk-prose">
      <header className="mk-header">
        <h1>Headmark with Next.js</h1>
        <p className="lead">
          Serve the metadata your team edits in Headmark from a Next.js App Router site, and refresh
          it the moment someone saves. About fifteen minutes, start to finish.
        </p>
      </header>

      <nav aria-label="On this page" className="mk-toc">
        <ol>
          <li>
            <a href="#before">Before you start</a>
          </li>
          <li>
            <a href="#install">Install the package</a>
          </li>
          <li>
            <a href="#configure">Configure the client</a>
          </li>
          <li>
            <a href="#pages">Generate each page’s metadata</a>
          </li>
          <li>
            <a href="#webhooks">Refresh on save with a webhook</a>
          </li>
          <li>
            <a href="#check">Check the result</a>
          </li>
          <li>
            <a href="#failures">When Headmark can not be reached</a>
          </li>
          <li>
            <a href="#example">A complete example</a>
          </li>
        </ol>
      </nav>

      <section aria-labelledby="before">
        <h2 id="before">1. Before you start</h2>
        <p>
          You need a Next.js 14 or later project using the App Router, Node.js 20 or later, and a
          site in Headmark: create an organization, add the site by its hostname and copy its DSN
          from the site’s settings. The DSN identifies the site; it is not a secret.
        </p>
        <p>
          If the site is set to require an API key, create one in the site’s settings. It is shown
          once; keep it on the server only (never in a <code>NEXT_PUBLIC_</code> variable).
        </p>
      </section>

      <section aria-labelledby="install">
        <h2 id="install">2. Install the package</h2>
        <CodeBlock label={installSnippet.label} language="sh" code={installSnippet.code} />
        <p>
          <code>@headmark/metadata</code> has no runtime dependencies and runs in the Node.js and
          edge runtimes.
        </p>
      </section>

      <section aria-labelledby="configure">
        <h2 id="configure">3. Configure the client</h2>
        <p>Add the settings to your environment:</p>
        <CodeBlock label={nextEnvSnippet.label} language="sh" code={nextEnvSnippet.code} />
        <p>
          Create one client for the whole server process, so that its cache is shared by every
          request. Answers are cached per page for a minute and served stale for five more while a
          fresh copy loads in the background; concurrent requests for one page share one call.
        </p>
        <CodeBlock label={nextClientSnippet.label} language="ts" code={nextClientSnippet.code} />
      </section>

      <section aria-labelledby="pages">
        <h2 id="pages">4. Generate each page’s metadata</h2>
        <p>
          Keep your site-wide defaults in the root layout as usual; Next.js merges them with what
          each page returns.
        </p>
        <CodeBlock label={nextLayoutSnippet.label} language="tsx" code={nextLayoutSnippet.code} />
        <p>
          In each page, export <code>generateMetadata</code> built by{' '}
          <code>createGenerateMetadata</code>. Give it the page’s path as it appears in Headmark and
          a fallback used when Headmark has nothing for the page or can not be reached.
        </p>
        <CodeBlock label={nextPageSnippet.label} language="tsx" code={nextPageSnippet.code} />
        <CodeBlock
          label={nextRootPageSnippet.label}
          language="tsx"
          code={nextRootPageSnippet.code}
        />
        <p>
          The result is a Next.js <code>Metadata</code> object: title, description, Open Graph with
          every image’s size, type and alt text, the X card, icons, canonical and language
          alternates. <code>robots</code> is only set when the page is marked noindex. Custom tags
          become <code>&lt;meta name content&gt;</code> tags.
        </p>
      </section>

      <section aria-labelledby="webhooks">
        <h2 id="webhooks">5. Refresh on save with a webhook</h2>
        <p>
          Add a route that receives Headmark’s webhooks. It checks the{' '}
          <code>X-Webhook-Signature</code> header (HMAC-SHA-256 over the timestamp and the body,
          compared in constant time, within five minutes), drops the changed page from the client’s
          cache and lets you revalidate Next.js’s own cache.
        </p>
        <CodeBlock label={nextWebhookSnippet.label} language="ts" code={nextWebhookSnippet.code} />
        <p>
          Then, in Headmark, add a webhook to the site with the URL{' '}
          <code>https://&lt;your site&gt;/api/headmark</code>, copy its secret into{' '}
          <code>HEADMARK_WEBHOOK_SECRET</code> and send a test event from the webhook’s page. Its
          history shows each call with the status and body your route answered.
        </p>
      </section>

      <section aria-labelledby="check">
        <h2 id="check">6. Check the result</h2>
        <p>
          Edit a page’s title in Headmark and save. Open the page and view its source: the{' '}
          <code>&lt;title&gt;</code> and <code>og:title</code> show the new text. With the webhook
          in place this takes seconds; without it, at most the cache time of a minute.
        </p>
      </section>

      <section aria-labelledby="failures">
        <h2 id="failures">7. When Headmark can not be reached</h2>
        <p>
          The client never throws into a render. If the API times out (after three seconds by
          default), answers an error or sends something unexpected, it logs one warning and the page
          renders with its fallback tags. Pages keep working during an outage, a deployment or a
          network problem.
        </p>
      </section>

      <section aria-labelledby="example">
        <h2 id="example">8. A complete example</h2>
        <p>
          Headmark’s repository holds a small Next.js site built this way, with a home page, a
          pricing page, a blog and the webhook route, tested end to end against a running Headmark
          on every change. Its guide, <code>examples/nextjs/README.md</code>, covers the same steps
          in more depth: what is cached and for how long, requiring a key, and several instances.
        </p>
        <p>
          Questions the guide does not answer? <Link to="/contact">Contact us</Link>.
        </p>
      </section>
    </article>
  )
}
