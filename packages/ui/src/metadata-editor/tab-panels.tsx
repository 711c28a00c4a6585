import type { ReactNode } from 'react'
import { OPEN_GRAPH_DETERMINERS, OPEN_GRAPH_TYPES, TWITTER_CARDS } from '@headmark/metadata'
import { Field } from '../field/field.tsx'
import { Switch } from '../switch/switch.tsx'
import { useEditor } from './editor-context.ts'
import { ChoiceField, ListField, TextField } from './fields.tsx'
import { ImageList, OptionalImage } from './image-fields.tsx'
import { AlternatesField, RobotsFields } from './search-directives.tsx'
import { DESCRIPTION_TARGET, TITLE_TARGET } from './validate.ts'

/** `alternatesNote` replaces the language versions field where the app generates them. */
export function BasicPanel({ alternatesNote }: { alternatesNote?: ReactNode }) {
  const editor = useEditor()
  return (
    <div className="hm-metadata-editor__grid">
      <div className="hm-metadata-editor__span">
        <TextField
          path="title"
          label="Title"
          description={`Search results show about ${TITLE_TARGET} characters.`}
          limit={TITLE_TARGET}
        />
      </div>
      <div className="hm-metadata-editor__span">
        <TextField
          path="description"
          label="Description"
          description={`Search results show about ${DESCRIPTION_TARGET} characters.`}
          limit={DESCRIPTION_TARGET}
          multiline
        />
      </div>
      <div className="hm-metadata-editor__span">
        <Field
          id={editor.idFor('noindex')}
          label="Hide from search engines (noindex)"
          description={
            editor.inherited.noindex === true
              ? 'Inherited: on. The site’s defaults already ask search engines not to list its pages.'
              : 'Asks search engines not to list this page.'
          }
        >
          <Switch
            checked={editor.value.noindex === true}
            disabled={editor.readOnly}
            onCheckedChange={(checked) => editor.set('noindex', checked ? true : undefined)}
          />
        </Field>
      </div>
      {editor.scope === 'page' ? (
        <>
          <div className="hm-metadata-editor__span">
            <TextField
              path="canonical"
              label="Canonical URL"
              description="The address search engines should list for this content, when other addresses show it too."
              type="url"
              inputMode="url"
              dir="ltr"
              placeholder="https://example.com/page"
            />
          </div>
          <div className="hm-metadata-editor__span">{alternatesNote ?? <AlternatesField />}</div>
        </>
      ) : null}
      <div className="hm-metadata-editor__span">
        <RobotsFields />
      </div>
    </div>
  )
}

export function OpenGraphPanel() {
  return (
    <div className="hm-metadata-editor__grid">
      <div className="hm-metadata-editor__span">
        <TextField path="openGraph.title" label="Title" limit={TITLE_TARGET} />
      </div>
      <div className="hm-metadata-editor__span">
        <TextField
          path="openGraph.description"
          label="Description"
          limit={DESCRIPTION_TARGET}
          multiline
        />
      </div>
      <ChoiceField path="openGraph.type" label="Type" choices={OPEN_GRAPH_TYPES} />
      <TextField path="openGraph.siteName" label="Site name" />
      <TextField path="openGraph.locale" label="Locale" placeholder="en_US" dir="ltr" />
      <ListField
        path="openGraph.localeAlternate"
        label="Alternate locales"
        description="Separated by commas, e.g. fr_FR, de_DE."
      />
      <TextField
        path="openGraph.url"
        label="Canonical URL"
        type="url"
        inputMode="url"
        dir="ltr"
        placeholder="https://example.com/page"
      />
      <ChoiceField
        path="openGraph.determiner"
        label="Determiner"
        description="The word before the title in a sentence."
        choices={OPEN_GRAPH_DETERMINERS}
        labels={{ '': 'None (blank)' }}
      />
      <div className="hm-metadata-editor__span">
        <OptionalImage path="openGraph.image" legend="Main image" />
      </div>
      <div className="hm-metadata-editor__span">
        <h3 className="hm-metadata-editor__subheading">More images</h3>
        <ImageList path="openGraph.images" noun="Image" />
      </div>
    </div>
  )
}

export function TwitterPanel() {
  return (
    <div className="hm-metadata-editor__grid">
      <ChoiceField
        path="twitter.card"
        label="Card"
        choices={TWITTER_CARDS}
        labels={{ summary: 'Summary', summary_large_image: 'Summary with large image' }}
      />
      <div className="hm-metadata-editor__span">
        <TextField path="twitter.title" label="Title" limit={70} />
      </div>
      <div className="hm-metadata-editor__span">
        <TextField path="twitter.description" label="Description" limit={200} multiline />
      </div>
      <div className="hm-metadata-editor__span">
        <OptionalImage path="twitter.image" legend="Card image" />
      </div>
    </div>
  )
}

export function ImagesPanel() {
  return (
    <div className="hm-metadata-editor__stack">
      <section>
        <h3 className="hm-metadata-editor__subheading">Icons</h3>
        <ImageList path="icon" noun="Icon" allowRootRelative />
      </section>
      <section>
        <h3 className="hm-metadata-editor__subheading">Apple touch icons</h3>
        <ImageList path="appleTouchIcon" noun="Apple touch icon" allowRootRelative />
      </section>
    </div>
  )
}
