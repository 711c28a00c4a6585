import type { NextConfig } from 'next'

const config: NextConfig = {
  // The example lives in a monorepo: trace files from its root, not from a parent lockfile.
  outputFileTracingRoot: new URL('../..', import.meta.url).pathname,
  poweredByHeader: false,
}

export default config
