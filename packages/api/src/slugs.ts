/** Slugs that would collide with app routes such as /app/organizations/create. */
export const RESERVED_ORGANIZATION_SLUGS: ReadonlySet<string> = new Set(['create'])

const MAX_SLUG_LENGTH = 48

/**
 * Turns an organization name into a slug candidate: lowercase ASCII letters and digits joined by
 * single hyphens, accents dropped, at most 48 characters, at least 3.
 *
 * @example
 * slugify('Café Olé & Co.') // 'cafe-ole-co'
 * slugify('AB') // 'ab-org'
 */
export function slugify(name: string): string {
  const slug = trimHyphens(
    name
      .normalize('NFKD')
      .replace(/\p{Mark}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, MAX_SLUG_LENGTH),
  )
  if (slug.length >= 3) return slug
  return slug === '' ? 'organization' : `${slug}-org`
}

/**
 * The first of `base`, `base-2`, `base-3`… that is neither taken nor reserved, shortened so the
 * suffix still fits in 48 characters.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`
    const candidate = `${trimHyphens(base.slice(0, MAX_SLUG_LENGTH - suffix.length))}${suffix}`
    if (!taken.has(candidate) && !RESERVED_ORGANIZATION_SLUGS.has(candidate)) return candidate
  }
}

function trimHyphens(value: string): string {
  return value.replace(/^-+|-+$/g, '')
}
