import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { assertPublicEnv } from './env-schema.ts'
import { developmentPublicEnv } from './public-env-defaults.ts'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const viteBin = join(
  dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin',
  'vite.js',
)

describe('public build-time variables', () => {
  it('are validated with one line per variable', () => {
    expect(() => assertPublicEnv({ ...developmentPublicEnv })).not.toThrow()
    expect(() =>
      assertPublicEnv({ ...developmentPublicEnv, VITE_ANALYTICS_HOST: 'not a url' }),
    ).toThrow(/^Invalid environment variables:\n {2}- VITE_ANALYTICS_HOST: /)
  })

  it('fail the build, naming the variable, instead of every page at run time', () => {
    const build = spawnSync(process.execPath, [viteBin, 'build', '--outDir', 'never-written'], {
      cwd: appDir,
      env: { ...process.env, VITE_ANALYTICS_HOST: 'not a url' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(build.status).not.toBe(0)
    expect(build.stderr + build.stdout).toContain('Invalid environment variables')
    expect(build.stderr + build.stdout).toContain('VITE_ANALYTICS_HOST')
  })
})
