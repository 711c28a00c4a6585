import { compileTanStackHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { getLocalizedMetadata } from '../../headmark.functions.ts'
import { type Locale, LOCALES, localeOfParam, localeParam, localizedPath } from '../../locales.ts'
import { canonical, posts, siteFallback } from '../../site.ts'

const copy: Record<
  Locale,
  { title: string; description: string; heading: string; intro: string; pricing: string }
> = {
  en: {
    title: 'Acme — anvils that arrive on time',
    description: 'Acme makes anvils and delivers them anywhere, on time.',
    heading: 'Anvils that arrive on time',
    intro: 'Acme makes anvils in three sizes and delivers them anywhere. See the',
    pricing: 'pricing',
  },
  de: {
    title: 'Acme — Ambosse, die pünktlich ankommen',
    description: 'Acme stellt Ambosse her und liefert sie pünktlich überallhin.',
    heading: 'Ambosse, die pünktlich ankommen',
    intro: 'Acme stellt Ambosse in drei Größen her und liefert sie überallhin. Siehe die',
    pricing: 'Preise',
  },
  fr: {
    title: 'Acme — des enclumes livrées à l’heure',
    description: 'Acme fabrique des enclumes et les livre partout, à l’heure.',
    heading: 'Des enclumes livrées à l’heure',
    intro: 'Acme fabrique des enclumes en trois tailles et les livre partout. Voir les',
    pricing: 'tarifs',
  },
}

// Headmark's metadata for "/" in the page's locale over the locale's fallback, which has the
// canonical URL (/, /de, /fr).
const heads = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    compileTanStackHead({
      fallback: {
        ...siteFallback,
        title: copy[locale].title,
        description: copy[locale].description,
        canonical: canonical(localizedPath(locale, '/')),
      },
    }),
  ]),
) as Record<Locale, ReturnType<typeof compileTanStackHead>>

export const Route = createFileRoute('/{-$locale}/')({
  // The locale is checked once, in the loader; the head asks Headmark for the page in that
  // locale (through the server function, also on client-side navigation) and merges it.
  loader: ({ params }) => {
    const locale = localeOfParam(params.locale)
    if (!locale) throw notFound()
    return { locale }
  },
  head: async ({ loaderData }) => {
    if (!loaderData) return {}
    // Headmark knows the page by its path without the prefix; the locale picks its version.
    const metadata = await getLocalizedMetadata({
      data: { path: '/', locale: localeParam(loaderData.locale) },
    }).catch(() => null) // a failed request renders the locale's fallback
    return heads[loaderData.locale](metadata)
  },
  component: Home,
})

function Home() {
  const { locale } = Route.useLoaderData()
  const text = copy[locale]
  return (
    <>
      <h1>{text.heading}</h1>
      <p>
        {text.intro}{' '}
        <Link to="/{-$locale}/pricing" params={{ locale: localeParam(locale) }}>
          {text.pricing}
        </Link>
        .
      </p>
      {/* The blog is in English only. */}
      <h2 lang="en">From the blog</h2>
      <ul lang="en">
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
