import type { LintFinding } from '@headmark/metadata/lint'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MetadataChecks } from './metadata-checks.tsx'

const findings: LintFinding[] = [
  { rule: 'title-missing', severity: 'error', field: 'title', message: 'Add a title.' },
  {
    rule: 'image-alt-missing',
    severity: 'warning',
    field: 'openGraph.image.alt',
    message: 'Describe the image.',
  },
  {
    rule: 'description-too-wide',
    severity: 'info',
    field: 'description',
    message: '1000 px wide.',
  },
  {
    rule: 'custom-tag-empty',
    severity: 'warning',
    field: 'customTags.0.content',
    message: '“a” has no content.',
  },
]

describe('MetadataChecks', () => {
  it('groups findings by severity with counts and a summary', () => {
    render(<MetadataChecks findings={findings} />)
    expect(screen.getByRole('status').textContent).toBe('1 error, 2 warnings, 1 suggestion')
    const warnings = screen.getByRole('heading', { name: 'Warnings 2' })
      .parentElement as HTMLElement
    expect(within(warnings).getByText('Open Graph › Main image › Alternative text')).toBeTruthy()
    expect(within(warnings).getByText('Custom tag 1 › Content')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('reports the field of the finding a person picks, by mouse or keyboard', async () => {
    const onFocusField = vi.fn()
    render(<MetadataChecks findings={findings} onFocusField={onFocusField} />)
    await userEvent.click(screen.getByRole('button', { name: /Describe the image/ }))
    expect(onFocusField).toHaveBeenLastCalledWith('openGraph.image.alt')
    screen.getByRole('button', { name: /Add a title/ }).focus()
    await userEvent.keyboard('{Enter}')
    expect(onFocusField).toHaveBeenLastCalledWith('title')
  })

  it('says when there is nothing to fix', () => {
    render(<MetadataChecks findings={[]} />)
    expect(screen.getByRole('status').textContent).toBe('No problems found')
  })
})
