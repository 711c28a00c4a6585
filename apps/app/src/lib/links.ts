/** Headmark's documentation lives outside the app and opens in a new tab. */
export const DOCS_URL = 'https://docs.headmark.dev'
