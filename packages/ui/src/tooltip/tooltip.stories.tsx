import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { Button } from '../button/button.tsx'
import { dark, rtl } from '../storybook/states.ts'
import { Tooltip } from './tooltip.tsx'

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'The DSN is public: it ships in your site’s front-end bundle.',
    children: <Button>What is a DSN?</Button>,
  },
  render: (args) => (
    <div style={{ padding: '3rem 1rem' }}>
      <Tooltip {...args} />
    </div>
  ),
} satisfies Meta<typeof Tooltip>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'What is a DSN?' })).toHaveFocus()
    const tooltip = await within(document.body).findByRole('tooltip')
    await expect(tooltip).toHaveTextContent('The DSN is public')
  },
}

export const Open: Story = { args: { defaultOpen: true } }

export const LongRtl: Story = {
  ...rtl,
  args: {
    defaultOpen: true,
    content: 'معرف DSN عام: يتم تضمينه في حزمة الواجهة الأمامية لموقعك، لذلك لا تعامله كسر.',
    children: <Button>ما هو DSN؟</Button>,
  },
}

export const Dark: Story = { ...dark, args: { defaultOpen: true } }
