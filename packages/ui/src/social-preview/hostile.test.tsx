// Hostile strings (markup, script URLs, control characters, bidi overrides, long and odd
// Unicode), in every field the previews show: shown back exactly
// as text, never markup, and never an address an image may load unless it is http(s) or an image.
import type { Metadata } from '@headmark/metadata'
import { lintMetadata } from '@headmark/metadata/lint'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MetadataChecks } from '../metadata-checks/metadata-checks.tsx'
import { RevisionDiff } from '../revision-diff/revision-diff.tsx'
import { SerpPreview } from '../serp-preview/serp-preview.tsx'
import { SOCIAL_NETWORKS, SocialPreview } from './social-preview.tsx'

const strings: string[] = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<!--',
  ']]><script>alert(1)</script>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<a href="javascript:alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<style>*{display:none}</style>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
  'https://evil.example/x.png"onerror="alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'a\u0000b',
  'line1\r\nX-Injected: yes',
  'line1\n[mailbox] to admin@example.com · Reset · http://evil.example/steal',
  '‮evil.exe‭',
  '﻿BOM',
  'é vs é',
  '𝓗𝓮𝓪𝓭𝓶𝓪𝓻𝓴',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '日本語のタイトルはとても長くなることがあります',
  'مرحبا بالعالم',
  'xn--80ak6aa92e.com',
  'аpple.com',
  '{"__proto__":{"polluted":true}}',
  'constructor',
  '__proto__',
  "'; DROP TABLE site; --",
  '\\',
  '%00',
  '%E0%A4%A',
]

const page = (text: string): Metadata => ({
  title: text,
  description: text,
  icon: [{ url: text, width: 32, height: 32, mimeType: 'image/png' }],
  openGraph: {
    title: text,
    siteName: text,
    url: text,
    image: { url: text, alt: text, width: 1200, height: 630, mimeType: 'image/png' },
  },
  twitter: { card: 'summary_large_image', title: text },
  customTags: [{ name: text, content: text }],
})

describe('previews with hostile input', () => {
  it.each(strings.map((text) => [text]))('%j', (text) => {
    const metadata = page(text)
    const pageUrl = URL.canParse(text) ? text : 'https://acme.com/a'
    const { container } = render(
      <>
        <SerpPreview metadata={metadata} url={pageUrl} />
        {SOCIAL_NETWORKS.map((network) => (
          <SocialPreview key={network} metadata={metadata} url={pageUrl} network={network} />
        ))}
        <MetadataChecks
          findings={lintMetadata(metadata, { url: pageUrl })}
          onFocusField={() => {}}
        />
        <RevisionDiff before={{}} after={metadata} />
      </>,
    )
    expect(
      container.querySelector('script, style, iframe, object, svg[onload], [onerror]'),
    ).toBeNull()
    for (const image of container.querySelectorAll('img')) {
      expect(image.getAttribute('src')).toMatch(/^(https?:|data:image\/)/i)
    }
    // The text comes back as text: the title preview shows it whole or cut, never interpreted.
    const shown = container.querySelector('.hm-social--facebook .hm-social__title')?.textContent
    expect(shown).toBe(text.replace(/\s+/g, ' ').trim() ? text : 'No title')
  })
})
