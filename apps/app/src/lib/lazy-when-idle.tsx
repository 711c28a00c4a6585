import { type ComponentType, lazy, memo, Suspense } from 'react'
import { whenIdle } from './when-idle.ts'

/**
 * A component whose code loads once the page is interactive and the browser idle. It is in the
 * server's HTML, which stays as it is until the code has come; memoised, so that its parent's
 * renders leave that HTML alone meanwhile.
 */
export function lazyWhenIdle<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(() =>
    whenIdle()
      .then(load)
      .then((component) => ({ default: component })),
  )
  return memo(function WhenIdle(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  })
}
