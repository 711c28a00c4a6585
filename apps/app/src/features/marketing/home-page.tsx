import { CodeBlock } from '@headmark/ui'
import { Link } from '@tanstack/react-router'
import { HeroActions } from './hero-actions.tsx'
import { afterHtml, beforeHtml } from './head-example.ts'
import { installSnippet, tanstackSnippet } from './snippets.ts'

const audiences = [
  {
    title: 'Marketing and content teams',
    text: 'Rewrite a title, fix a description or swap a social image without a ticket or a deploy. Every save is a revision you can compare and restore.',
  },
  {
    title: 'Developers',
    text: 'Add one small, dependency-free package. Pages fetch their tags from a cached API at render time and fall back to your own tags if it is ever unreachable.',
  },
  {
    title: 'Agencies and teams with many sites',
    text: 'Keep every client site in its own organization, invite people as owners, admins or members, and see each site’s usage in one place.',
  },
]

const checks = [
  'A search result preview and Open Graph and X card previews of the page as you type.',
  `Length guidance for titles (about 60 characters) and descriptions (about 160) before search engines cut them off.`,
  'Image checks: absolute URLs, width and height in pixels and a real image type, so cards do not render blank.',
  'Locale, URL and custom-tag checks, with duplicate tag names caught before they reach your page.',
  'A clear warning when a page is set to noindex, and no robots tag at all when it is not.',
]

const steps = [
  [
    'Add a site',
    'Create an organization and add your site by its hostname. Headmark gives it a DSN.',
  ],
  [
    'Edit its pages',
    'Set defaults for the whole site, then per-page titles, descriptions, cards, icons and custom tags.',
  ],
  [
    'Serve them',
    'Your server asks the public API for the page’s metadata and merges it into the head.',
  ],
  [
    'Stay fresh',
    'On every save Headmark sends your site a signed webhook, so caches update in seconds.',
  ],
] as const

/** The home page: what Headmark does, for whom, and how it fits into a site. */
export function HomePage() {
  return (
    <div className="marketing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Every page, shared the way you meant it.</h1>
        <p className="lead">
          Headmark manages the titles, descriptions, Open Graph and X cards, icons and custom tags
          that decide how your pages look in search results and when they are shared — and ships
          them to your site through a fast public API and signed webhooks.
        </p>
        <HeroActions next={{ to: '/nextjs', label: 'Read the Next.js guide' }} />
      </section>

      <section className="mk-section" aria-labelledby="audience-title">
        <h2 id="audience-title">Who it is for</h2>
        <ul className="mk-grid">
          {audiences.map((audience) => (
            <li key={audience.title} className="mk-tile">
              <h3>{audience.title}</h3>
              <p>{audience.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="example-title">
        <h2 id="example-title">One page’s head, before and after</h2>
        <p className="mk-intro">
          A documentation page at example.com, as most apps ship it, and the same page once its
          metadata is set in Headmark. The second listing is produced by{' '}
          <code>@headmark/metadata</code> itself, from the page’s own tags and what Headmark serves.
        </p>
        <div className="mk-compare">
          <CodeBlock label="Before" language="html" code={beforeHtml} />
          <CodeBlock label="After" language="html" code={afterHtml} />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="integration-title">
        <h2 id="integration-title">The integration is a few lines</h2>
        <p className="mk-intro">
          Install the client, give it your site’s DSN and let the route build its head. Answers are
          cached per page with stale-while-revalidate; a slow or failing service never breaks a
          render, your fallback tags are used instead.
        </p>
        <div className="mk-code">
          <CodeBlock label={installSnippet.label} language="sh" code={installSnippet.code} />
          <CodeBlock label="TanStack Start" language="tsx" code={tanstackSnippet.code} />
        </div>
        <p>
          Using Next.js? <Link to="/nextjs">Follow the Next.js guide</Link>. Any other server can
          render the same tags as HTML with <code>compileHtmlHead</code>.
        </p>
      </section>

      <section className="mk-section" aria-labelledby="checks-title">
        <h2 id="checks-title">Previews and checks while you edit</h2>
        <ul className="mk-checklist">
          {checks.map((check) => (
            <li key={check}>{check}</li>
          ))}
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="steps-title">
        <h2 id="steps-title">How it works</h2>
        <ol className="mk-steps">
          {steps.map(([title, text]) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mk-section mk-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Start with one site for free</h2>
        <p>
          The Free plan covers one site and its important pages. Headmark runs on your own server:
          Node.js with its embedded database, or PostgreSQL.
        </p>
        <HeroActions next={{ to: '/pricing', label: 'Compare plans' }} />
      </section>
    </div>
  )
}
