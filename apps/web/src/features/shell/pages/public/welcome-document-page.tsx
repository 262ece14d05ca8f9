import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { shellPageMessages } from '../../messages';

const WELCOME_PATH = '/welcome';

/** Whether this document was loaded at `path` (rather than reached inside the app). */
function documentLoadedAt(path: string): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  if (!entry) return false;
  return new URL(entry.name).pathname.replace(/\/$/, '') === path;
}

/**
 * `/welcome` inside the app: the welcome page is a static page of its own that the server sends
 * (apps/web/welcome.html, without the app), so the app loads that document. Only a server
 * without the built page sends the app for /welcome; it then links to the page rather than
 * loading itself again.
 */
export function WelcomeDocumentPage() {
  const loadedHere = documentLoadedAt(WELCOME_PATH);
  useEffect(() => {
    if (!loadedHere) window.location.assign(WELCOME_PATH);
  }, [loadedHere]);
  if (!loadedHere) return null;
  return (
    <Stack component="main" gap="xs" p="xl" maw={720} mx="auto">
      <Title order={1}>{shellPageMessages.welcomeUnavailable.title}</Title>
      <Text c="dimmed">{shellPageMessages.welcomeUnavailable.text}</Text>
      <Anchor href="/home">{shellPageMessages.welcomeUnavailable.signIn}</Anchor>
    </Stack>
  );
}
