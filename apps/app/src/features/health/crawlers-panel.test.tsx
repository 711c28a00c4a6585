// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CrawlersVerdict } from './crawlers-panel.tsx'
import type { PageVersion } from './queries.ts'

afterEach(cleanup)

const AGENTS = [
  'googlebot',
  'bingbot',
  'facebook',
  'twitter',
  'linkedin',
  'slack',
  'discord',
  'browser',
]

function version(locale: string | null, drifting: Record<string, string> = {}): PageVersion {
  return {
    pageId: 'page-1',
    path: '/pricing',
    locale,
    drifting: Object.keys(drifting).length > 0,
    agents: AGENTS.map((agent) => ({
      agent,
      status: 200,
      drifting: agent in drifting,
      error: null,
      served: null,
      findings:
        agent in drifting
          ? [{ kind: 'different', field: 'title', message: drifting[agent] as string, drift: true }]
          : [],
    })),
  } as PageVersion
}

const status = () => screen.getByRole('status')

function Panel({ versions }: { versions: PageVersion[] }) {
  return (
    <div role="status">
      <CrawlersVerdict versions={versions} />
    </div>
  )
}

describe('the Crawlers panel’s verdict', () => {
  it('on a site with locales, names the language version that drifts and says nothing of the others', () => {
    render(
      <Panel
        versions={[
          version('en'),
          version('de', { twitter: 'The title X gets is not the German title.' }),
        ]}
      />,
    )
    expect(status().textContent).toBe(
      'In the de version, X gets something else:The title X gets is not the German title.',
    )
    expect(screen.queryByText('Every crawler gets what this page should serve.')).toBeNull()
  })

  it('lists each drifting language version under its own locale', () => {
    render(
      <Panel
        versions={[
          version('en', { googlebot: 'Googlebot gets an old title.' }),
          version('de', {
            facebook: 'Facebook gets no image.',
            linkedin: 'Facebook gets no image.',
          }),
        ]}
      />,
    )
    const lines = [...status().querySelectorAll('p')].map((p) => p.textContent)
    expect(lines).toEqual([
      'In the en version, Googlebot gets something else:',
      'Googlebot gets an old title.',
      'In the de version, Facebook, LinkedIn get something else:',
      'Facebook gets no image.',
    ])
  })

  it('on a site without locales reads as it always did', () => {
    render(<Panel versions={[version(null, { twitter: 'The title differs.' })]} />)
    expect(status().textContent).toBe('X gets something else:The title differs.')
  })

  it('says every crawler gets the page when no version drifts, and what Check does before any check', () => {
    render(<Panel versions={[version('en'), version('de')]} />)
    expect(status().textContent).toBe('Every crawler gets what this page should serve.')
    cleanup()
    render(<Panel versions={[]} />)
    expect(status().textContent).toMatch(/^Fetch this page as Googlebot/)
  })
})
