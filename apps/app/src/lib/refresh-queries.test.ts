import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { refreshQueries } from './refresh-queries.ts'

test('an event during a first fetch asks again: the answer given before the event is not kept', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let calls = 0
  let server = 'before'
  const answers: Array<(value: string) => void> = []
  const observer = new QueryObserver(queryClient, {
    queryKey: ['webhooks', 'getCalls'],
    queryFn: () => {
      calls++
      const answer = server
      return new Promise<string>((resolve) => answers.push(() => resolve(answer)))
    },
  })
  const seen: Array<string | undefined> = []
  const unsubscribe = observer.subscribe((result) => seen.push(result.data))

  // The first fetch is under way (answered with the state before the event) when the event comes.
  server = 'after'
  refreshQueries(queryClient, [['webhooks']])
  await new Promise((resolve) => setTimeout(resolve, 0))
  for (const answer of answers) answer('')
  await new Promise((resolve) => setTimeout(resolve, 0))

  expect(calls).toBe(2)
  expect(observer.getCurrentResult().data).toBe('after')
  unsubscribe()
})
