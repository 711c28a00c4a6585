import { describe, expect, it } from 'vitest'
import { hostileLengths, hostileTexts } from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'

// Whatever is typed into a hostname, a search box, an address bar or a cursor, the answer is the
// data or a 4xx with a message: never a 500.

const server = useTestServer()

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

function lookups(v: Visitor, text: string): Array<[string, () => Promise<unknown>]> {
  return [
    ['organizationSlug', () => v.rpc.sites.list({ organizationSlug: text })],
    ['siteHostname', () => v.rpc.sites.get({ ...acme, siteHostname: text })],
    ['search', () => v.rpc.pages.list({ ...acme, search: text })],
    ['cursor', () => v.rpc.pages.list({ ...acme, cursor: text })],
    ['pagePath', () => v.rpc.pages.get({ ...acme, pagePath: text })],
    [
      'history cursor',
      () => v.rpc.metadataRevisions.list({ ...acme, pagePath: null, cursor: text }),
    ],
    [
      'metadataRevisionId',
      () => v.rpc.metadataRevisions.get({ ...acme, pagePath: null, metadataRevisionId: text }),
    ],
    [
      'baseRevisionId',
      () =>
        v.rpc.metadataRevisions.save({
          ...acme,
          pagePath: null,
          baseRevisionId: text,
          metadata: {},
        }),
    ],
    ['pages.delete pagePath', () => v.rpc.pages.delete({ ...acme, pagePath: text })],
  ]
}

async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    await call()
    return 200
  } catch (error) {
    return (error as { status?: number }).status ?? 0
  }
}

describe('lookups with hostile input', () => {
  it('answer with data or a 4xx, never a 500', async () => {
    const { member } = await siteCast(server.current)
    const texts = [...hostileTexts(), ...hostileLengths().map((length) => 'a'.repeat(length))]
    const failures: string[] = []
    for (const text of texts) {
      for (const [field, call] of lookups(member, text)) {
        const status = await statusOf(call)
        if (!(status === 200 || (status >= 400 && status < 500))) {
          failures.push(`${field} ${JSON.stringify(text.slice(0, 40))} (${text.length}): ${status}`)
        }
      }
    }
    expect(failures).toEqual([])
  })
})
