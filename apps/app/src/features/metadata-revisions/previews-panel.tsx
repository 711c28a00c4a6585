import type { Metadata } from '@headmark/metadata'
import {
  Button,
  SerpPreview,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  SocialPreview,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@headmark/ui'
import { useState } from 'react'

const NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  slack: 'Slack',
  discord: 'Discord',
}

type PreviewTab = 'desktop' | 'mobile' | SocialNetwork

interface PreviewsPanelProps {
  /** What the page will serve: the draft over the site's defaults, with the title template. */
  served: Metadata
  /** The page's absolute URL. */
  url: string
  siteName: string
}

/**
 * How the page will look in a search result (desktop and phone) and as a shared link on each
 * network, from the unsaved draft: one preview at a time behind a row of tabs.
 */
export function PreviewsPanel({ served, url, siteName }: PreviewsPanelProps) {
  const [tab, setTab] = useState<PreviewTab>('desktop')
  const [shown, setShown] = useState(true)
  return (
    <section aria-labelledby="previews-heading" className="side-panel stack previews-panel">
      <div className="previews-header">
        <div>
          <h2 id="previews-heading" className="card-heading">
            Previews
          </h2>
          <p className="muted small">
            What this page will show once saved, with what it inherits from the site’s defaults.
          </p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={shown}
          aria-controls="previews-content"
          onClick={() => setShown((current) => !current)}
        >
          {shown ? 'Hide previews' : 'Show previews'}
        </Button>
      </div>
      {shown ? (
        <Tabs
          id="previews-content"
          value={tab}
          onValueChange={(next) => setTab(next as PreviewTab)}
        >
          <TabsList aria-label="Where the page is shown" className="previews-tabs">
            <TabsTrigger value="desktop">Google</TabsTrigger>
            <TabsTrigger value="mobile">Google on a phone</TabsTrigger>
            {SOCIAL_NETWORKS.map((network) => (
              <TabsTrigger key={network} value={network}>
                {NETWORK_LABELS[network]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="desktop">
            <SerpPreview metadata={served} url={url} siteName={siteName} device="desktop" />
          </TabsContent>
          <TabsContent value="mobile">
            <SerpPreview metadata={served} url={url} siteName={siteName} device="mobile" />
          </TabsContent>
          {SOCIAL_NETWORKS.map((network) => (
            <TabsContent key={network} value={network}>
              <SocialPreview metadata={served} url={url} siteName={siteName} network={network} />
            </TabsContent>
          ))}
        </Tabs>
      ) : null}
    </section>
  )
}
