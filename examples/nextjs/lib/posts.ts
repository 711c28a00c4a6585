/** The blog's posts. In a real site they come from a CMS or Markdown files. */
export interface Post {
  slug: string
  title: string
  summary: string
  publishedAt: string
}

export const posts: readonly Post[] = [
  {
    slug: 'hello-world',
    title: 'Hello, world',
    summary: 'Why we build rockets anyone can launch.',
    publishedAt: '2026-10-01',
  },
  {
    slug: 'launch-checklist',
    title: 'Our launch checklist',
    summary: 'Twelve things we check before every launch.',
    publishedAt: '2026-11-02',
  },
]

export const findPost = (slug: string): Post | undefined => posts.find((post) => post.slug === slug)
