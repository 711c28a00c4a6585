import { describe, expect, it } from 'vitest'
import { chatScriptUrl } from './chat.ts'

describe('chatScriptUrl', () => {
  it('is built from the property and widget ids', () => {
    expect(
      chatScriptUrl({ propertyId: '64ab', widgetId: '1h2c', origin: 'https://embed.tawk.to' }),
    ).toBe('https://embed.tawk.to/64ab/1h2c')
  })

  it('loads nothing when an id is missing', () => {
    expect(
      chatScriptUrl({ propertyId: '64ab', widgetId: '', origin: 'https://embed.tawk.to' }),
    ).toBeNull()
    expect(
      chatScriptUrl({ propertyId: '', widgetId: '1h2c', origin: 'https://embed.tawk.to' }),
    ).toBeNull()
  })

  it('keeps ids inside their path segments and honours a local origin', () => {
    expect(
      chatScriptUrl({ propertyId: '../x', widgetId: 'a/b', origin: 'http://127.0.0.1:4319/' }),
    ).toBe('http://127.0.0.1:4319/..%2Fx/a%2Fb')
  })
})
