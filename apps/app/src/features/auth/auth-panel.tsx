import { Card, CardContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@headmark/ui'
import { MagicLinkForm } from './magic-link-form.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { SignUpForm } from './sign-up-form.tsx'

export type AuthMode = 'sign-up' | 'sign-in' | 'magic-link'

export function AuthPanel({
  mode,
  onModeChange,
  destination,
}: {
  mode: AuthMode
  onModeChange: (mode: AuthMode) => void
  /** The page to open once signed in, also where the links e-mailed by the forms lead: a path on
   * this site (`redirectTarget`). */
  destination: string
}) {
  return (
    <Card className="auth-panel">
      <CardContent>
        <Tabs value={mode} onValueChange={(value) => onModeChange(value as AuthMode)}>
          <TabsList aria-label="How to get started">
            <TabsTrigger value="sign-up">Sign up</TabsTrigger>
            <TabsTrigger value="sign-in">Sign in</TabsTrigger>
            <TabsTrigger value="magic-link">Magic link</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-up">
            <SignUpForm destination={destination} />
          </TabsContent>
          <TabsContent value="sign-in">
            <SignInForm destination={destination} />
          </TabsContent>
          <TabsContent value="magic-link">
            <MagicLinkForm destination={destination} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}
