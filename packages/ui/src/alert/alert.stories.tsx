import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Alert } from './alert.tsx'

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  args: {
    tone: 'info',
    title: 'This organization uses all 3 sites of the Pro plan.',
    children: 'Adding another site needs a larger plan; your sites keep being served.',
    action: <Button size="sm">See plans</Button>,
  },
} satisfies Meta<typeof Alert>

export default meta
type Story = StoryObj<typeof meta>

export const Info: Story = {}

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem', maxWidth: 640 }}>
      <Alert tone="info" title="Heads up">
        Counts are updated every few seconds.
      </Alert>
      <Alert tone="success" title="Webhook enabled">
        New changes will be sent to it.
      </Alert>
      <Alert tone="warning" title="Close to a limit" action={<Button size="sm">See plans</Button>}>
        Pages of blog.acme.example: 47 of 50.
      </Alert>
      <Alert
        tone="danger"
        live="assertive"
        title="The keys could not be loaded"
        action={<Button size="sm">Try again</Button>}
      >
        The server did not answer.
      </Alert>
    </div>
  ),
}

export const Compact: Story = { args: { compact: true } }

export const TextOnly: Story = {
  args: { title: undefined, action: undefined, tone: 'success', children: 'Settings saved.' },
}

export const LongRtl: Story = {
  ...rtl,
  args: {
    tone: 'warning',
    title: 'وصلت هذه المؤسسة إلى حد خطتها',
    children: 'المواقع: ٣ من ٣. تستمر مواقعك في العمل.',
    action: <Button size="sm">الخطط</Button>,
  },
}

export const Dark: Story = { ...dark, render: Tones.render }

export const Narrow: Story = { ...narrow, render: Tones.render }
