import { jsonLd, resolveHead } from '@headmark/metadata/head'
import { toTanStackHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { getPageMetadata } from '../../headmark.functions.ts'
import { canonical, findPost, SITE_NAME, SITE_ORIGIN, siteFallback } from '../../site.ts'

export const Route = createFileRoute('/blog/$slug')({
  // The post and its Headmark metadata load together; a failed request renders the fallback.
  loader: async ({ params, location }) => {
    const post = findPost(params.slug)
    if (!post) throw notFound()
    const metadata = await getPageMetadata({ data: location.pathname }).catch(() => null)
    return { post, metadata }
  },
  // Each post has its own fallback and structured data, so the layers are built per render.
  head: ({ loaderData }) => {
    if (!loaderData) return {}
    const { post, metadata } = loaderData
    const path = `/blog/${post.slug}`
    return toTanStackHead(
      resolveHead({
        fallback: {
          ...siteFallback,
          title: `${post.title} — ${SITE_NAME} blog`,
          description: post.summary,
          openGraph: { ...siteFallback.openGraph, type: 'article' },
        },
        metadata,
        override: [
          ...canonical(path),
          jsonLd(
            {
              '@context': 'https://schema.org',
              '@type': 'BlogPosting',
              headline: post.title,
              datePublished: post.published,
              url: `${SITE_ORIGIN}${path}`,
              publisher: { '@type': 'Organization', name: SITE_NAME },
            },
            { id: 'post' },
          ),
        ],
      }),
    )
  },
  component: BlogPost,
})

function BlogPost() {
  const { post } = Route.useLoaderData()
  return (
    <article>
      <h1>{post.title}</h1>
      <p>
        <time dateTime={post.published}>{post.published}</time>
      </p>
      <p>{post.body}</p>
    </article>
  )
}
