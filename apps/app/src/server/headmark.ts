// The app's one Headmark instance, built from the server env. Every server-side part of the app
// (the RPC and auth routes, server functions, server rendering, the production server's edge and
// the development server's) imports it from here.
import { createHeadmark, type Headmark } from '@headmark/api'
import { serverEnv } from './env.ts'

let instance: Promise<Headmark> | undefined

/** The instance: opened (database, migrations, queue) on first use, then the same one. */
export function headmark(): Promise<Headmark> {
  if (!instance) {
    const started = createHeadmark(serverEnv)
    instance = started
    // A failed start (the database refused, say) is tried again on the next request.
    started.catch(() => {
      if (instance === started) instance = undefined
    })
  }
  return instance
}

/** Closes the instance, if it was opened: the database, the queue, the public API. */
export async function closeHeadmark(): Promise<void> {
  const started = instance
  instance = undefined
  const opened = await started?.catch(() => null)
  await opened?.close()
}

// The development server re-evaluates this module when it or what it imports changes: the old
// instance lets go of the database before the new one opens it.
if (import.meta.hot) import.meta.hot.dispose(() => closeHeadmark())
