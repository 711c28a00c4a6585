import { describe, expect, it } from 'vitest'
import { technicalTagsSummary } from './queries.ts'

describe('the technical tags of an import, in one line', () => {
  it('names the tags every page has together, and the others with their pages', () => {
    expect(
      technicalTagsSummary(
        {
          pages: 14,
          tags: [
            { label: 'charset', pages: 14 },
            { label: 'viewport', pages: 14 },
            { label: 'stylesheet', pages: 1 },
          ],
        },
        14,
      ),
    ).toEqual({
      lead: 'Technical tags on every page (14 pages), not served by Headmark:',
      tags: [
        { label: 'charset', pages: null },
        { label: 'viewport', pages: null },
        { label: 'stylesheet', pages: '1 page' },
      ],
    })
  })

  it('says on how many of the pages read when not on all of them', () => {
    expect(
      technicalTagsSummary({ pages: 2, tags: [{ label: 'charset', pages: 2 }] }, 1200)?.lead,
    ).toBe('Technical tags on 2 pages of 1,200, not served by Headmark:')
  })

  it('is nothing when no page had one', () => {
    expect(technicalTagsSummary({ pages: 0, tags: [] }, 10)).toBeNull()
    expect(technicalTagsSummary(null, 10)).toBeNull()
  })
})
