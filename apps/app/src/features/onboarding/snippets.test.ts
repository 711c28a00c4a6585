import { describe, expect, it } from 'vitest'
import { envFile, installSnippets } from './snippets.ts'

const values = {
  dsn: 'Xq3v9L0aBcDeFgHiJkLmNo',
  apiUrl: 'https://headmark.example/api/openapi',
}

// The SDK's real modules, by the import paths the snippets use.
const sdk: Record<string, () => Promise<Record<string, unknown>>> = {
  '@headmark/metadata/client': () => import('@headmark/metadata/client'),
  '@headmark/metadata/head': () => import('@headmark/metadata/head'),
  '@headmark/metadata/html': () => import('@headmark/metadata/html'),
  '@headmark/metadata/next': () => import('@headmark/metadata/next'),
  '@headmark/metadata/tanstack-start': () => import('@headmark/metadata/tanstack-start'),
  '@headmark/metadata/webhooks': () => import('@headmark/metadata/webhooks'),
}

function importsOf(code: string): Array<{ names: string[]; from: string }> {
  return [...code.matchAll(/import\s*\{([^}]+)\}\s*from\s*'([^']+)'/g)].map((match) => ({
    // Values only: a type import is erased at run time (examples/nextjs type-checks that one).
    names: match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => !name.startsWith('type ')),
    from: match[2]!,
  }))
}

describe('the install snippets', () => {
  it('offer Next.js, TanStack Start and any server, each with a webhook receiver', () => {
    const frameworks = installSnippets(values)
    expect(frameworks.map((framework) => framework.name)).toEqual([
      'Next.js',
      'TanStack Start',
      'Plain fetch',
    ])
    for (const framework of frameworks) {
      const code = framework.files.map((file) => file.code).join('\n')
      expect(code).toContain('npm install @headmark/metadata')
      expect(code).toMatch(/createWebhook(Route|Handler)\(/)
      expect(code).toContain('process.env.HEADMARK_WEBHOOK_SECRET')
    }
  })

  it('import only what @headmark/metadata really exports, from the subpath that exports it', async () => {
    const checked: string[] = []
    for (const framework of installSnippets(values)) {
      for (const file of framework.files) {
        for (const { names, from } of importsOf(file.code)) {
          if (!from.startsWith('@headmark/')) continue
          const load = sdk[from]
          expect(
            load,
            `${file.label}: ${from} is not a subpath of @headmark/metadata`,
          ).toBeDefined()
          const module = await load!()
          for (const name of names) {
            expect(typeof module[name], `${file.label}: ${name} from ${from}`).toBe('function')
            checked.push(`${from}#${name}`)
          }
        }
      }
    }
    expect(checked).toContain('@headmark/metadata/next#createWebhookRoute')
    expect(checked).toContain('@headmark/metadata/tanstack-start#loadMetadata')
    expect(checked).toContain('@headmark/metadata/html#compileHtmlHead')
  })

  it('put the site’s DSN and the API address in every environment file', () => {
    for (const framework of installSnippets(values)) {
      const env = framework.files.find((file) => file.label.startsWith('.env'))
      expect(env?.code).toContain(`HEADMARK_DSN=${values.dsn}`)
      expect(env?.code).toContain(`HEADMARK_URL=${values.apiUrl}`)
    }
  })

  it('carry an API key only when one was just created', () => {
    expect(envFile(values)).not.toMatch(/^HEADMARK_API_KEY=/m)
    expect(envFile(values)).toContain('# HEADMARK_API_KEY=')
    const key = 'hm_3fQk1x9yZ'
    const withKey = installSnippets({ ...values, apiKey: key })
    for (const framework of withKey) {
      const code = framework.files.map((file) => file.code).join('\n')
      expect(code).toContain(`HEADMARK_API_KEY=${key}`)
      // The key lives in the environment file only, never in code that may be committed.
      const source = framework.files.filter((file) => !file.label.startsWith('.env'))
      expect(source.map((file) => file.code).join('\n')).not.toContain(key)
    }
  })

  it('read the key from the server’s environment, never a public variable', () => {
    const code = installSnippets(values)
      .flatMap((framework) => framework.files.map((file) => file.code))
      .join('\n')
    expect(code).not.toMatch(/NEXT_PUBLIC_|VITE_/)
  })
})
