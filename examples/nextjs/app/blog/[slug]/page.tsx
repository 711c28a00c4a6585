import { compileNextMetadata, jsonLdScriptProps } from '@headmark/metadata/next'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { metadataClient } from '../../../lib/headmark'
import { findPost, posts } from '../../../lib/posts'

type Props = { params: Promise<{ slug: string }> }

// Every post is prerendered at build; a slug that is not a post is a 404.
export const dynamicParams = false
export const generateStaticParams = () => posts.map((post) => ({ slug: post.slug }))

// Always the site's own, whatever the page's metadata in Headmark says.
const override = { twitter: { site: '@acmerockets' } }

// Each post's fallback is its own title and summary, so the layers are compiled per post
// (createGenerateMetadata, in the other pages, compiles one fixed fallback once).
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params
  const post = findPost(slug)
  const path = `/blog/${slug}`
  const response = await metadataClient.get(path) // null when Headmark can not be reached
  return compileNextMetadata({
    fallback: {
      title: post?.title,
      description: post?.summary,
      alternates: { canonical: path },
      openGraph: { type: 'article' },
    },
    override,
  })(response?.metadata)
}

export default async function PostPage({ params }: Props) {
  const post = findPost((await params).slug)
  if (!post) notFound()
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
      <h1>{post.title}</h1>
      <p>{post.summary}</p>
    </article>
  )
}
