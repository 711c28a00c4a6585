import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const script = `${root}scripts/check-node.cjs`

function check(version?: string) {
  return spawnSync(process.execPath, version ? [script, version] : [script], { encoding: 'utf8' })
}

describe('the Node.js version check run by npm install and npm start', () => {
  it('is wired to preinstall and prestart', () => {
    const scripts = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts
    expect(scripts.preinstall).toBe('node scripts/check-node.cjs')
    expect(scripts.prestart).toBe('node scripts/check-node.cjs')
  })

  it('passes on the Node.js this runs on (the one in .nvmrc)', () => {
    expect(check()).toMatchObject({ status: 0, stderr: '' })
  })

  it('refuses Node.js 20 with one line naming the version required and how to get it', () => {
    const result = check('20.20.2')
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([
      'Headmark needs Node.js 24 or newer, but this is Node.js 20.20.2: run `nvm install` in this folder (it reads .nvmrc) or get Node.js 24 from https://nodejs.org, then run npm install again.',
    ])
  })
})
