import type { Metadata } from '@headmark/metadata'
import { favicon, twoToOneImage, wideImage } from '../storybook/preview-images.ts'

export const pageUrl = 'https://www.acme.example/pricing/teams'

/** A page with everything set: fits every preview. */
export const completePage: Metadata = {
  title: 'Pricing for teams — Acme Analytics',
  description:
    'Simple plans for teams of every size. Start free, invite your colleagues and upgrade when you need more sites.',
  icon: [favicon],
  openGraph: {
    title: 'Acme Analytics pricing for teams',
    description: 'Start free, upgrade when you need more sites, pages and webhooks.',
    siteName: 'Acme Analytics',
    url: 'https://www.acme.example/pricing/teams',
    image: wideImage,
  },
  twitter: { card: 'summary_large_image', image: twoToOneImage },
  customTags: [{ name: 'theme-color', content: '#2451c7' }],
}

/** Long texts: every preview cuts them. */
export const longPage: Metadata = {
  ...completePage,
  title:
    'The complete guide to choosing an analytics plan for a growing team, with prices, limits and a comparison of every feature',
  description:
    'Everything you need to pick a plan: how many sites, pages and webhooks each one includes, what happens when you grow past a limit, how billing works for yearly and monthly plans, which features come with the free plan, and how to move your team from another analytics tool in an afternoon without losing a day of history.',
  openGraph: {
    ...completePage.openGraph,
    title:
      'The complete guide to choosing an analytics plan for a growing team, with prices, limits and a comparison of every feature',
    description:
      'Everything you need to pick a plan: how many sites, pages and webhooks each one includes, what happens when you grow past a limit, how billing works for yearly and monthly plans, and how to move your team.',
  },
}

/** Nothing set at all. */
export const emptyPage: Metadata = {}

/** Right-to-left content. */
export const arabicPage: Metadata = {
  title: 'الأسعار للفرق — أكمي للتحليلات',
  description:
    'خطط بسيطة لكل الفرق مهما كان حجمها. ابدأ مجاناً وقم بالترقية عندما تحتاج إلى المزيد من المواقع أو الصفحات أو خطافات الويب.',
  icon: [favicon],
  openGraph: { siteName: 'أكمي للتحليلات', image: wideImage, locale: 'ar_EG' },
  twitter: { card: 'summary_large_image' },
}

/** Japanese, full width: cut by width, not by characters. */
export const japanesePage: Metadata = {
  title: 'チーム向け料金プラン — アクメ・アナリティクス｜無料で始めて、必要に応じてアップグレード',
  description:
    'あらゆる規模のチームのためのシンプルなプラン。無料で始めて、サイトやページ、ウェブフックがもっと必要になったらアップグレードできます。年払いと月払いのどちらにも対応し、いつでもプランを変更できます。',
  icon: [favicon],
  openGraph: { siteName: 'アクメ・アナリティクス', image: wideImage },
}

/** Emoji in the title and description. */
export const emojiPage: Metadata = {
  ...completePage,
  title: '🚀 Pricing for teams 👩‍💻👨‍💻 — Acme Analytics 📈 plans for everyone 🎉🎉🎉',
  description: 'Start free 🆓, invite your team 👨‍👩‍👧‍👦 and upgrade when you grow 🌱➡️🌳.',
}
