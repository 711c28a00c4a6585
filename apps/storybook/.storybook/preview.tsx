import '@headmark/ui/styles.css'
import type { Decorator, Preview } from '@storybook/react-vite'
import { type ReactNode, useEffect } from 'react'

type Theme = 'light' | 'dark' | 'system'

/**
 * Themes the story. The wrapper themes inline content (several stories share one docs page);
 * <html> is themed too in story view so portalled parts (menus, dialogs, toasts) match.
 */
const withTheme: Decorator = (Story, context) => (
  <ThemeFrame
    theme={(context.globals.theme ?? 'light') as Theme}
    dir={(context.parameters.direction ?? 'ltr') as 'ltr' | 'rtl'}
    isStoryView={context.viewMode === 'story'}
  >
    <Story />
  </ThemeFrame>
)

function ThemeFrame({
  theme,
  dir,
  isStoryView,
  children,
}: {
  theme: Theme
  dir: 'ltr' | 'rtl'
  isStoryView: boolean
  children: ReactNode
}) {
  useEffect(() => {
    if (!isStoryView) return
    const root = document.documentElement
    if (theme === 'system') delete root.dataset.theme
    else root.dataset.theme = theme
    root.dir = dir
  }, [theme, dir, isStoryView])
  return (
    <div
      className="sb-hm-frame"
      data-theme={theme === 'system' ? undefined : theme}
      dir={dir}
      style={{ padding: '1rem' }}
    >
      {children}
    </div>
  )
}

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'system', title: 'Follow the OS' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    // Any axe violation fails the story's test.
    a11y: { test: 'error' },
  },
}

export default preview
