import { env } from '~/env.ts'

/** Headmark's documentation lives outside the app and opens in a new tab (`VITE_DOCS_URL`). */
export const DOCS_URL = env.VITE_DOCS_URL
