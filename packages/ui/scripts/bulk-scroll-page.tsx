// The page bench-bulk-editor.ts measures: the bulk editor over generated pages, scrolled step by
// step, reporting how long each step takes to reach the next frame and how many rows are drawn.
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { BulkEditor } from '../src/bulk-editor/bulk-editor.tsx'
import { generateBulkRows } from '../src/bulk-editor/bulk-editor.fixtures.ts'

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

async function runScroll(pages: number, steps: number) {
  const host = document.getElementById('root')
  if (!host) throw new Error('No #root')
  const root = createRoot(host)
  const rows = generateBulkRows(pages)
  flushSync(() =>
    root.render(
      <BulkEditor
        rows={rows}
        total={rows.length}
        filter={{}}
        onFilterChange={() => undefined}
        sort={{ by: 'path', direction: 'asc' }}
        onSortChange={() => undefined}
        onApply={async () => ({ applied: 0, conflicts: [] })}
      />,
    ),
  )
  await nextFrame()
  await nextFrame()
  const grid = host.querySelector<HTMLElement>('[role="grid"]')
  if (!grid) throw new Error('No grid')
  const frame: number[] = []
  let drawn = 0
  for (let step = 0; step < steps; step += 1) {
    const start = performance.now()
    grid.scrollTop += 3 * 44
    await nextFrame()
    frame.push(performance.now() - start)
    drawn = Math.max(drawn, grid.querySelectorAll('[role="row"]').length)
  }
  root.unmount()
  return { frame, drawn }
}

Object.assign(window, { runScroll })
