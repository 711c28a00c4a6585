// Builds a small TanStack Start app that loads its metadata through the server-function bridge
// and checks that the API key is in the server build and in no file of the client build.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import react from '@vitejs/plugin-react'
import { createBuilder } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const KEY = 'hm_fixture_key_7d41c9e2b8a6'
const root = fileURLToPath(new URL('../test/fixtures/start-app', import.meta.url))
let outDir: string

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}
const contents = async (dir: string) =>
  Promise.all(
    (await filesUnder(dir)).map(async (file) => [file, await readFile(file, 'utf8')] as const),
  )

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'headmark-start-app-'))
  const builder = await createBuilder({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
    build: { outDir, emptyOutDir: true },
    plugins: [tanstackStart(), react()],
  })
  await builder.buildApp()
}, 300_000)
afterAll(() => rm(outDir, { recursive: true, force: true }))

describe('the TanStack Start server-function bridge', () => {
  it('keeps the API key out of every client chunk', async () => {
    const client = await contents(join(outDir, 'client'))
    const scripts = client.filter(([file]) => file.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    // The adapter itself is in the browser bundle (head functions run there too)…
    expect(scripts.some(([, text]) => text.includes('application/ld+json'))).toBe(true)
    // …but not the client that holds the key.
    for (const [file, text] of client) expect(text.includes(KEY), file).toBe(false)
  })

  it('has the key in the server build, where the server function runs', async () => {
    const server = await contents(join(outDir, 'server'))
    expect(server.some(([, text]) => text.includes(KEY))).toBe(true)
  })
})
