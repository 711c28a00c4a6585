import { METADATA_LIMITS, SERP, SERP_MOBILE } from '@headmark/metadata'

// The metadata guidelines the checks enforce (lintMetadata in @headmark/metadata, the metadata
// schema of the public API), as the MCP resource headmark://docs/metadata-guidelines.md gives
// them to agents. The numbers come from the same constants the checks use.

export const METADATA_GUIDELINES = `# Metadata guidelines Headmark checks

Headmark checks what each page **serves**: the site's defaults, then the path rules that match
the page (least to most specific), then the page's own metadata, with the site's title template.
\`lint_metadata\` and \`get_page\` report findings with a severity: **error** breaks a search
result or a shared card, **warning** degrades it, **info** is worth knowing. Each finding names
the field to fix (dotted, e.g. \`openGraph.image.width\`).

## Title and description (search results)
- \`title-missing\` (error): every page needs a title.
- \`title-too-wide\` (warning): a search result cuts a title wider than ${SERP.title.desktop} px at ${SERP.title.fontSize} px Arial
  (phones: ${SERP_MOBILE.title} px). Widths are measured in pixels, not characters; \`preview_page\` shows the cut.
- \`title-site-name-only\` (warning): a title that is only the site's name says nothing of the page.
- \`description-missing\` (warning): without one, search engines pick a snippet themselves.
- \`description-too-wide\` (warning): cut past ${SERP.description.desktop} px at ${SERP.description.fontSize} px (phones: ${SERP_MOBILE.description} px).
- At most ${METADATA_LIMITS.title} characters for a title, ${METADATA_LIMITS.description} for a description (refused beyond).

## Images (shared links)
- \`image-missing\` (warning): add \`openGraph.image\` so shared links show a card.
- \`image-not-absolute\` (error): image URLs must be absolute (https://…).
- \`image-not-https\` (warning): an https page should use https images.
- \`image-too-small\` (warning): Open Graph images at least 1200 × 630 px; X large cards at least 300 × 157 px, 2:1.
- \`image-alt-missing\` (warning): describe the image in \`alt\`.
- \`twitter-card-without-image\` (warning): a \`summary_large_image\` card needs an image.
- \`image-not-2-to-1\` (info): X crops large-card images to 2:1.

## Canonical URL, indexing, languages
- \`canonical-not-absolute\` (error): the canonical URL must be absolute.
- \`url-other-host\` (warning): \`canonical\` or \`openGraph.url\` on another host than the page.
- \`noindex-with-canonical\` / \`noindex-canonical-self\`: \`noindex\` and a canonical contradict each other.
- \`hreflang-invalid\` (error): language codes such as \`en\`, \`fr-CA\`, \`x-default\`.
- \`hreflang-not-absolute\` (error), \`hreflang-self-missing\` (error): list the page itself among its languages.
- \`hreflang-x-default-missing\` (warning): add an \`x-default\`.
- A canonical URL and language versions belong to one page: never in the site's defaults.

## Structured data and custom tags
- \`jsonld-required\` / \`jsonld-recommended\`: the properties Google's rich results need for the type
  (Article, Product, BreadcrumbList, FAQPage, Event, LocalBusiness, Organization, WebSite).
- \`custom-tag-empty\`, \`custom-tag-duplicate\` (warning): name every custom tag, once.
- At most ${METADATA_LIMITS.jsonLdObjects} JSON-LD objects, ${METADATA_LIMITS.customTags} custom tags, ${METADATA_LIMITS.images} images.

## Proposing changes
- Fix a problem where it belongs: the same fix on many pages goes to the site's defaults or a
  path rule (e.g. \`/blog/**\`), not page by page.
- \`propose_changes\` opens one draft change request, titled and explained; people review,
  approve and publish it. Nothing an agent does is published by itself.
- On a site with locales, each page has one set per locale: give a page's \`locale\` (e.g. \`de\`)
  to change that locale's set; the language links (hreflang) are generated, never proposed.
`
