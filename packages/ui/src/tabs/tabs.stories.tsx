import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx'

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { defaultValue: 'pages' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Site sections">
        <TabsTrigger value="pages">Pages</TabsTrigger>
        <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
        <TabsTrigger value="keys">API keys</TabsTrigger>
        <TabsTrigger value="danger" disabled>
          Danger zone
        </TabsTrigger>
      </TabsList>
      <TabsContent value="pages">12 pages</TabsContent>
      <TabsContent value="webhooks">2 webhooks</TabsContent>
      <TabsContent value="keys">1 key</TabsContent>
      <TabsContent value="danger">Delete the site</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    canvas.getByRole('tab', { name: 'Pages' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('2 webhooks')
  },
}

export const Rtl: Story = { ...rtl, args: { dir: 'rtl' } }

export const Dark: Story = { ...dark }

export const Narrow: Story = { ...narrow }
