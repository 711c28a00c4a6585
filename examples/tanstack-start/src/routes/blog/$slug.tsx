import { jsonLd } from '@headmark/metadata/head'
import { compileTanStackHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { getPageMetadata } from '../../headmark.functions.ts'
import { canonical, findPost, type Post, posts, SITE_NAME, siteFallback } from '../../site.ts'

// Each post has its own fallback and structured data: its head is compiled once per post, at
// start-up, and each render only adds Headmark's metadata for the page.
const postHead = (post: Post) => {
  const url = canonical(`/blog/${post.slug}`)
  return compileTanStackHead({
    fallback: {
      ...siteFallback,
      title: `${post.title} — ${SITE_NAME} blog`,
      description: post.summary,
      openGraph: { ...siteFallback.openGraph, type: 'article' },
      // Headmark's canonical URL for the post, when it has one, replaces this.
      canonical: url,
    },
    override: [
      jsonLd(
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          datePublished: post.published,
          url,
          publisher: { '@type': 'Organization', name: SITE_NAME },
        },
        { id: 'post' },
      ),
    ],
  })
}
const heads = new Map(posts.map((post) => [post.slug, postHead(post)]))

export const Route = createFileRoute('/blog/$slug')({
  // The post and its Headmark metadata load together; a failed request renders the fallback.
  loader: async ({ params, location }) => {
    const post = findPost(params.slug)
    if (!post) throw notFound()
    const metadata = await getPageMetadata({ data: location.pathname }).catch(() => null)
    return { post, metadata }
  },
  head: ({ loaderData }) => {
    const head = loaderData && heads.get(loaderData.post.slug)
    return head ? head(loaderData.metadata) : {}
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
