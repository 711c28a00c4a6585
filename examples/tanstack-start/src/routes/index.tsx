import { createHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute, Link } from '@tanstack/react-router'
import { getPageMetadata } from '../headmark.functions.ts'
import { canonical, posts, siteFallback } from '../site.ts'

export const Route = createFileRoute('/')({
  // Headmark's metadata for "/" over the site's fallback, which has the canonical URL.
  head: createHead({
    serverFn: getPageMetadata,
    fallback: {
      ...siteFallback,
      title: 'Acme — anvils that arrive on time',
      description: 'Acme makes anvils and delivers them anywhere, on time.',
      canonical: canonical('/'),
    },
  }),
  component: Home,
})

function Home() {
  return (
    <>
      <h1>Anvils that arrive on time</h1>
      <p>
        Acme makes anvils in three sizes and delivers them anywhere. See the{' '}
        <Link to="/pricing">pricing</Link>.
      </p>
      <h2>From the blog</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.slug}>
            <Link to="/blog/$slug" params={{ slug: post.slug }}>
              {post.title}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
