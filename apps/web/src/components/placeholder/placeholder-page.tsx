import { Stack, Text, Title } from '@mantine/core';
import { placeholderMessages } from './messages';

export interface PlaceholderPageProps {
  title: string;
  text?: string;
}

/** A page that arrives in a later issue: its title and "This page is coming soon.". */
export function PlaceholderPage({
  title,
  text = placeholderMessages.comingSoon,
}: PlaceholderPageProps) {
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}

/** A public placeholder (no top bar or navigation: spec 000 §1). */
export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <Stack component="main" gap="xs" p="xl" maw={720} mx="auto">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{placeholderMessages.comingSoon}</Text>
    </Stack>
  );
}
