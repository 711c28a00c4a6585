import { describe, expect, it } from 'vitest'
import { developmentPublicEnv, placeholderPublicEnv } from './public-env-defaults.ts'

describe('development placeholders for the public variables', () => {
  it('names every variable that is missing or still a placeholder', () => {
    expect(placeholderPublicEnv({})).toEqual(Object.keys(developmentPublicEnv))
    expect(
      placeholderPublicEnv({
        VITE_METADATA_DSN: 'site_live_123',
        VITE_ANALYTICS_HOST: developmentPublicEnv.VITE_ANALYTICS_HOST,
        VITE_ANALYTICS_KEY: 'phc_abc',
      }),
    ).toEqual(['VITE_ANALYTICS_HOST'])
  })

  it('accepts real values', () => {
    expect(
      placeholderPublicEnv({
        VITE_METADATA_DSN: 'site_live_123',
        VITE_ANALYTICS_HOST: 'https://eu.analytics.example',
        VITE_ANALYTICS_KEY: 'phc_abc',
      }),
    ).toEqual([])
  })
})
