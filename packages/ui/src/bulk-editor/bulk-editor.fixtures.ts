import type { Metadata } from '@headmark/metadata'
import type { BulkRow } from './types.ts'

const SECTIONS = ['blog', 'docs', 'products', 'help', 'careers']
const AUTHORS = [
  { id: 'u1', name: 'Ada Lovelace' },
  { id: 'u2', name: 'Grace Hopper' },
  { id: 'u3', name: 'Katherine Johnson' },
]

/** The people who changed the generated pages. */
export const BULK_AUTHORS = AUTHORS

/**
 * Generated pages: varied titles, some missing descriptions, a few hidden from search engines.
 * Deterministic, so stories and screenshots stay the same.
 */
export function generateBulkRows(count: number, start = 0): BulkRow[] {
  const rows: BulkRow[] = []
  for (let index = start; index < start + count; index += 1) {
    const section = SECTIONS[index % SECTIONS.length] ?? 'blog'
    const metadata: Metadata = { title: `Page ${index + 1} — ${section} · Acme` }
    if (index % 3 !== 0)
      metadata.description = `What page ${index + 1} of the ${section} section is about, in a sentence or two.`
    if (index % 4 === 0) metadata.canonical = `https://acme.example/${section}/page-${index + 1}`
    if (index % 17 === 0) metadata.noindex = true
    if (index % 5 === 1) metadata.openGraph = { title: `Page ${index + 1} on Acme` }
    if (index % 10 === 2)
      metadata.openGraph = {
        ...metadata.openGraph,
        image: {
          url: `https://cdn.acme.example/og/${index + 1}.png`,
          width: 1200,
          height: 630,
          mimeType: 'image/png',
        },
      }
    rows.push({
      id: `page-${index + 1}`,
      path: `/${section}/page-${String(index + 1).padStart(6, '0')}`,
      currentRevisionId: index % 9 === 0 ? null : `rev-${index + 1}`,
      metadata,
      lastChangedAt:
        index % 9 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + (index % 24), 9, index % 60)),
      lastChangedBy: index % 9 === 0 ? null : (AUTHORS[index % AUTHORS.length] ?? null),
      lint: { errors: index % 3 === 0 ? 1 : 0, warnings: index % 7 === 0 ? 2 : 0 },
    })
  }
  return rows
}
