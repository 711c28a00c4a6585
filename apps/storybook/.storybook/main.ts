import type { StorybookConfig } from '@storybook/react-vite'
import { defaultClientConditions, mergeConfig } from 'vite'

const config: StorybookConfig = {
  // The stories live next to the components they show, in packages/ui.
  stories: ['../../../packages/ui/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      // Consume @headmark/* sources (exports' "source" condition), so no package build is needed.
      resolve: { conditions: ['source', ...defaultClientConditions] },
      // Pre-bundle everything the stories import up front: a dependency discovered mid-run makes
      // Vite re-optimise and reload, which fails the story files that were loading at that moment.
      optimizeDeps: {
        include: [
          '@radix-ui/react-dialog',
          '@radix-ui/react-dropdown-menu',
          '@radix-ui/react-label',
          '@radix-ui/react-slot',
          '@radix-ui/react-tooltip',
          '@tanstack/react-table',
          'clsx',
          'react-hot-toast',
          'react',
          'react/jsx-runtime',
          'react/jsx-dev-runtime',
          'react-dom',
          'react-dom/client',
          'storybook/test',
          '@storybook/react-vite',
          '@storybook/react-dom-shim',
        ],
      },
    }),
}

export default config
