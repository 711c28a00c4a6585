import { compileNextMetadata } from '@headmark/metadata/next'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { metadataClient } from '../../lib/headmark'
import { HeadmarkJsonLd } from '../../lib/json-ld'
import { isPrefixedLocale, type PrefixedLocale } from '../../lib/locales'

type Props = { params: Promise<{ locale: string }> }

const copy: Record<PrefixedLocale, { title: string; heading: string; text: string }> = {
  de: {
    title: 'Acme Rockets — Raketen, die jeder starten kann',
    heading: 'Acme Rockets',
    text: 'Raketen, die jeder starten kann, im Garten oder auf dem Feld.',
  },
  fr: {
    title: 'Acme Rockets — des fusées que tout le monde peut lancer',
    heading: 'Acme Rockets',
    text: 'Des fusées que tout le monde peut lancer, depuis un jardin ou un champ.',
  },
}

// The home page ("/" in Headmark) in a locale: /de, /fr.
const localeMetadata = Object.fromEntries(
  (Object.keys(copy) as PrefixedLocale[]).map((locale) => [
    locale,
    compileNextMetadata({
      fallback: { title: copy[locale].title, alternates: { canonical: `/${locale}` } },
    }),
  ]),
) as Record<PrefixedLocale, ReturnType<typeof compileNextMetadata>>

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isPrefixedLocale(locale)) return {}
  const response = await metadataClient.get('/', { locale })
  return localeMetadata[locale](response?.metadata)
}

export default async function LocalizedHomePage({ params }: Props) {
  const { locale } = await params
  if (!isPrefixedLocale(locale)) notFound()
  const response = await metadataClient.get('/', { locale })
  return (
    <>
      <HeadmarkJsonLd metadata={response?.metadata} />
      <h1>{copy[locale].heading}</h1>
      <p>{copy[locale].text}</p>
    </>
  )
}
