import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { RevisionDiff } from './revision-diff.tsx'

const before = {
  title: 'Old title',
  description: 'Gone',
  customTags: [{ name: 'a', content: '1' }],
}
const after = {
  title: 'New title',
  noindex: true,
  customTags: [{ name: 'a', content: '1' }],
  openGraph: {
    description:
      'A long description that is well over sixty characters, so it is compared word by word.',
  },
}

describe('RevisionDiff', () => {
  it('lists added, removed and changed fields with their values', () => {
    render(<RevisionDiff before={before} after={after} />)
    const items = screen.getAllByRole('listitem')
    expect(
      items.map((item) => item.querySelector('.hm-revision-diff__label')?.textContent),
    ).toEqual(['Title', 'Description', 'Hide from search engines', 'Open Graph › Description'])
    expect(items[0]?.querySelector('del')?.textContent).toBe('Old title')
    expect(items[0]?.querySelector('ins')?.textContent).toBe('New title')
    expect(screen.getByText('Removed', { selector: '.hm-revision-diff__kind' })).toBeTruthy()
  })

  it('filters by kind of change from the keyboard', async () => {
    render(<RevisionDiff before={before} after={after} />)
    screen.getByRole('button', { name: 'Added 2' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Added 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('says when there is no difference', () => {
    render(<RevisionDiff before={before} after={before} />)
    expect(screen.getByText(/No differences/)).toBeTruthy()
    expect(screen.queryByRole('group')).toBeNull()
  })
})
