import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button.tsx'
import { Skeleton } from '../skeleton/skeleton.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx'

const meta = {
  title: 'Layout/Card',
  component: Card,
  render: (args) => (
    <Card {...args} style={{ maxWidth: 420 }}>
      <CardHeader>
        <CardTitle>acme.example</CardTitle>
        <CardDescription>12 pages · 2 webhooks</CardDescription>
      </CardHeader>
      <CardContent>Metadata was last published 3 minutes ago.</CardContent>
      <CardFooter>
        <Button>Edit site</Button>
        <Button variant="primary">Open</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Loading: Story = {
  render: () => (
    <Card aria-busy="true" style={{ maxWidth: 420 }}>
      <CardHeader>
        <Skeleton width="50%" height="1.25rem" />
      </CardHeader>
      <CardContent>
        <Skeleton lines={3} />
      </CardContent>
    </Card>
  ),
}

export const ContentOnly: Story = {
  render: () => (
    <Card style={{ maxWidth: 420 }}>
      <CardContent>A card with no header or footer.</CardContent>
    </Card>
  ),
}

export const LongRtl: Story = {
  ...rtl,
  render: () => (
    <Card style={{ maxWidth: 320 }}>
      <CardHeader>
        <CardTitle>موقع-طويل-جداً-لشركة-أكمي-للتحليلات-والبيانات.example</CardTitle>
        <CardDescription>١٢ صفحة · خطافا ويب</CardDescription>
      </CardHeader>
      <CardContent>تم نشر البيانات الوصفية قبل ثلاث دقائق.</CardContent>
    </Card>
  ),
}

export const Dark: Story = { ...dark }

export const Narrow: Story = { ...narrow }
