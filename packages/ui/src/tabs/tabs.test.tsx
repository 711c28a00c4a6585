import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Tabs, TabsContent, TabsList, TabsTrigger, type TabsProps } from './tabs.tsx'

function Sections(props: Partial<TabsProps>) {
  return (
    <Tabs defaultValue="pages" {...props}>
      <TabsList aria-label="Site sections">
        <TabsTrigger value="pages">Pages</TabsTrigger>
        <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
        <TabsTrigger value="danger" disabled>
          Danger zone
        </TabsTrigger>
        <TabsTrigger value="keys">API keys</TabsTrigger>
      </TabsList>
      <TabsContent value="pages">12 pages</TabsContent>
      <TabsContent value="webhooks">2 webhooks</TabsContent>
      <TabsContent value="danger">Delete the site</TabsContent>
      <TabsContent value="keys">1 key</TabsContent>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('ties each tab to its panel and shows only the selected one', () => {
    render(<Sections />)
    const pages = screen.getByRole('tab', { name: 'Pages' })
    expect(screen.getByRole('tablist', { name: 'Site sections' })).toBeTruthy()
    expect(pages.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tab', { name: 'Webhooks' }).getAttribute('aria-selected')).toBe(
      'false',
    )
    const panel = screen.getByRole('tabpanel')
    expect(panel.textContent).toBe('12 pages')
    expect(screen.getByRole('tabpanel', { name: 'Pages' })).toBe(panel)
    expect(pages.getAttribute('aria-controls')).toBe(panel.id)
    expect(screen.queryByText('2 webhooks')).toBeNull()
  })

  it('has one tab stop; the arrow keys, Home and End move and select, skipping a disabled tab', async () => {
    const user = userEvent.setup()
    render(<Sections />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pages' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Webhooks' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('2 webhooks')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'API keys' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pages' }))
    await user.keyboard('{End}')
    expect(screen.getByRole('tabpanel').textContent).toBe('1 key')
    await user.keyboard('{Home}')
    expect(screen.getByRole('tabpanel').textContent).toBe('12 pages')
    // Tab leaves the row for the panel: the other tabs are not tab stops.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'))
  })

  it('reverses the arrow keys right to left', async () => {
    const user = userEvent.setup()
    render(<Sections dir="rtl" />)
    screen.getByRole('tab', { name: 'Pages' }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Webhooks' }))
  })

  it('follows a controlled value and reports clicks', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    function Controlled() {
      const [value, setValue] = useState('webhooks')
      return (
        <Sections
          value={value}
          onValueChange={(next) => {
            onValueChange(next)
            setValue(next)
          }}
        />
      )
    }
    render(<Controlled />)
    expect(screen.getByRole('tabpanel').textContent).toBe('2 webhooks')
    await user.click(screen.getByRole('tab', { name: 'API keys' }))
    expect(onValueChange).toHaveBeenCalledWith('keys')
    expect(screen.getByRole('tabpanel').textContent).toBe('1 key')
    await user.click(screen.getByRole('tab', { name: 'Danger zone' }))
    expect(onValueChange).not.toHaveBeenCalledWith('danger')
  })
})
