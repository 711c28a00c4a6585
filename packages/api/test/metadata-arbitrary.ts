import {
  MAX_IMAGE_PREVIEWS,
  type Metadata,
  OPEN_GRAPH_DETERMINERS,
  OPEN_GRAPH_TYPES,
  TWITTER_CARDS,
} from '@headmark/metadata'
import fc from 'fast-check'
import { metadataSchema } from '../src/domain/metadata-schema.ts'

// Valid page metadata of every shape the editor can save, for the transfer property tests: every
// field, texts that spreadsheets treat as formulas, quotes, commas, line breaks and spaces kept.

const tricky = fc.constantFrom(
  '=1+1',
  '+33 1 23',
  '-5% off',
  '@handle',
  '\tindented',
  '\rreturn',
  "'=already quoted",
  "''+two quotes",
  "'quoted'",
  ' leading and trailing ',
  'line\nbreak',
  'crlf\r\ninside',
  'a "quoted" word, with a comma',
  'none',
  'true',
  '[1,2]',
  'Café – 東京 🎉',
)
const text = (max: number) =>
  fc
    .oneof(tricky, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }))
    .filter((value) => value.length <= max && !value.includes('\u0000'))
const url = fc.oneof(
  fc.constantFrom('https://acme.com/', 'http://acme.com/a?b=c&d=e', 'https://acme.com/caf%C3%A9'),
  fc.webPath().map((path) => `https://acme.com${path}`),
)
const image = fc.record(
  {
    url,
    alt: text(100),
    width: fc.integer({ min: 1, max: 100_000 }),
    height: fc.integer({ min: 1, max: 100_000 }),
    mimeType: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml'),
  },
  { requiredKeys: ['url', 'width', 'height', 'mimeType'] },
)
const icon = fc.record(
  {
    url: fc.oneof(url, fc.constantFrom('/favicon.svg', '/icons/a.png')),
    width: fc.integer({ min: 1, max: 512 }),
    height: fc.integer({ min: 1, max: 512 }),
    mimeType: fc.constantFrom('image/png', 'image/x-icon'),
  },
  { requiredKeys: ['url', 'width', 'height', 'mimeType'] },
)
const flag = fc.boolean()
const jsonLeaf = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
)

export const pageMetadata: fc.Arbitrary<Metadata> = fc
  .record(
    {
      title: text(512),
      description: text(4096),
      noindex: flag,
      canonical: url,
      robots: fc.record(
        {
          noindex: flag,
          nofollow: flag,
          noarchive: flag,
          noimageindex: flag,
          maxSnippet: fc.integer({ min: -1, max: 100_000 }),
          maxImagePreview: fc.constantFrom(...MAX_IMAGE_PREVIEWS),
          maxVideoPreview: fc.integer({ min: -1, max: 86_400 }),
        },
        { requiredKeys: [] },
      ),
      alternates: fc.dictionary(fc.constantFrom('en', 'fr-CA', 'x-default', 'de'), url, {
        maxKeys: 3,
      }),
      jsonLd: fc.array(
        fc.record({
          '@type': fc.constantFrom('Article', 'Organization'),
          name: text(40),
          extra: fc.array(jsonLeaf, { maxLength: 3 }),
          empty: fc.constantFrom('', {}, []),
        }),
        { maxLength: 2 },
      ),
      icon: fc.array(icon, { maxLength: 2 }),
      appleTouchIcon: fc.array(icon, { maxLength: 1 }),
      openGraph: fc.record(
        {
          title: text(512),
          description: text(4096),
          locale: fc.constantFrom('en_US', 'fr_FR', 'de'),
          localeAlternate: fc.array(fc.constantFrom('fr_FR', 'de_DE', 'es'), { maxLength: 3 }),
          siteName: text(512),
          type: fc.constantFrom(...OPEN_GRAPH_TYPES),
          url,
          determiner: fc.constantFrom(...OPEN_GRAPH_DETERMINERS),
          image,
          images: fc.array(image, { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
      twitter: fc.record(
        {
          title: text(512),
          description: text(4096),
          card: fc.constantFrom(...TWITTER_CARDS),
          image,
        },
        { requiredKeys: [] },
      ),
      customTags: fc.uniqueArray(
        fc.record({
          name: fc.constantFrom('google-site-verification', 'theme-color', 'author', 'x:y'),
          content: text(200),
        }),
        { maxLength: 3, selector: (tag) => tag.name },
      ),
    },
    { requiredKeys: [] },
  )
  .filter((metadata) => metadataSchema.safeParse(metadata).success) as fc.Arbitrary<Metadata>
