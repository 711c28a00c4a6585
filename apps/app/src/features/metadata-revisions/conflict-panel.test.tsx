import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConflictPanel } from './conflict-panel.tsx'
import type { Revision } from './queries.ts'

const theirs = {
  id: 'revision-2',
  number: 2,
  createdAt: new Date('2026-01-02T10:00:00Z'),
  metadata: { title: 'Their title', openGraph: { siteName: 'Theirs' } },
} as unknown as Revision

describe('the conflict panel', () => {
  it('names each differing field as the editor labels it', () => {
    const html = renderToString(
      <ConflictPanel
        mine={{ title: 'My title', openGraph: { siteName: 'Mine' } }}
        theirs={theirs}
        onKeepMine={() => {}}
        onTakeTheirs={() => {}}
        saving={false}
      />,
    )
    expect(html).toContain('Title')
    expect(html).toContain('Open Graph › Site name')
  })
})
