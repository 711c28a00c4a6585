import type { Metadata } from '@headmark/metadata'

/** A realistic page's metadata for stories and tests. */
export const pricingPage: Metadata = {
  title: 'Pricing — Acme Analytics',
  description: 'Simple plans for teams of every size. Start free, upgrade when you need more.',
  openGraph: {
    title: 'Acme Analytics pricing',
    type: 'website',
    siteName: 'Acme Analytics',
    locale: 'en_US',
    localeAlternate: ['fr_FR', 'de_DE'],
    url: 'https://acme.example/pricing',
    determiner: 'the',
    image: {
      url: 'https://acme.example/og/pricing.png',
      alt: 'Three plan cards side by side',
      width: 1200,
      height: 630,
      mimeType: 'image/png',
    },
  },
  twitter: { card: 'summary_large_image', title: 'Acme Analytics pricing' },
  icon: [{ url: '/favicon-32.png', width: 32, height: 32, mimeType: 'image/png' }],
  customTags: [
    { name: 'theme-color', content: '#2451c7' },
    { name: 'robots', content: 'max-image-preview:large' },
  ],
}

/** Long, right-to-left content: Arabic title and description past their targets. */
export const arabicPage: Metadata = {
  title: 'الأسعار — خطط بسيطة لكل الفرق مهما كان حجمها، ابدأ مجاناً وقم بالترقية عندما تحتاج المزيد',
  description:
    'خطط بسيطة لكل الفرق. ابدأ مجاناً وقم بالترقية عندما تحتاج إلى المزيد من المواقع أو الصفحات أو الأعضاء أو خطافات الويب. جميع الخطط تشمل الدعم عبر البريد الإلكتروني وواجهة برمجة التطبيقات.',
  openGraph: { locale: 'ar_EG', siteName: 'أكمي للتحليلات' },
}

/** A site's defaults, which a page inherits wherever it sets nothing. */
export const siteDefaults: Metadata = {
  title: 'Acme Analytics',
  description: 'Product analytics that respects your visitors.',
  openGraph: {
    type: 'website',
    siteName: 'Acme Analytics',
    locale: 'en_US',
    image: {
      url: 'https://acme.example/og/default.png',
      alt: 'The Acme logo',
      width: 1200,
      height: 630,
      mimeType: 'image/png',
    },
  },
  twitter: { card: 'summary_large_image' },
  icon: [{ url: '/favicon-32.png', width: 32, height: 32, mimeType: 'image/png' }],
  customTags: [{ name: 'theme-color', content: '#2451c7' }],
}
