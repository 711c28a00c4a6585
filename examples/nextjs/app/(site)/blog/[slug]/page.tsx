import { compileNextMetadata, jsonLdScriptProps } from '@headmark/metadata/next'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { metadataClient } from '../../../../lib/headmark'
import { HeadmarkJsonLd } from '../../../../lib/json-ld'
import { findPost, type Post, posts } from '../../../../lib/posts'

type Props = { params: Promise<{ slug: string }> }

// Every post is prerendered at build; a slug that is not a post is a 404.
export const dynamicParams = false
export const generateStaticParams = () => posts.map((post) => ({ slug: post.slug }))

// Always the site's own, whatever the page's metadata in Headmark says.
const override = { twitter: { site: '@acmerockets' } }

// Each post's fallback is its own title and summary, so the layers are compiled once per post
// (createGenerateMetadata, in the other pages, compiles one fixed fallback once); a render only
// adds Headmark's metadata. A canonical URL saved in Headmark for a post replaces the post's own.
const compilePost = (post: Post | undefined, path: string) =>
  compileNextMetadata({
    fallback: {
      title: post?.title,
      description: post?.summary,
      alternates: { canonical: path },
      openGraph: { type: 'article' },
    },
    override,
  })
const postMetadata = new Map(
  posts.map((post) => [post.slug, compilePost(post, `/blog/${post.slug}`)]),
)

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params
  const path = `/blog/${slug}`
  const response = await metadataClient.get(path) // null when Headmark can not be reached
  const compiled = postMetadata.get(slug) ?? compilePost(findPost(slug), path)
  return compiled(response?.metadata)
}

export default async function PostPage({ params }: Props) {
  const { slug } = await params
  const post = findPost(slug)
  if (!post) notFound()
  // The answer generateMetadata got: the client's cache serves it again without a request.
  const response = await metadataClient.get(`/blog/${slug}`)
  return (
    <article>
      <script
        {...jsonLdScriptProps({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          datePublished: post.publishedAt,
        })}
      />
      <HeadmarkJsonLd metadata={response?.metadata} />
      <h1>{post.title}</h1>
      <p>{post.summary}</p>
    </article>
  )
}
