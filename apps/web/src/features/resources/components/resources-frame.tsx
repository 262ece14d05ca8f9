import { SEARCH_MIN_TERM_LENGTH, SEARCH_TERM_MAX_LENGTH } from '@aerie/contract';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Icon } from '../../../components/ui/icons';
import { routePath } from '../../../lib/route-paths';
import { resourcesMessages as m } from '../messages';

export interface ResourcesFrameProps {
  /** The search box's text when the page opens (the search page's `q`). */
  term?: string;
  children: ReactNode;
}

/**
 * Every Resources page: the title and the search box, which goes to documentationSearch with
 * `q` (spec 002 "/resources has a search box").
 */
export function ResourcesFrame({ term = '', children }: ResourcesFrameProps) {
  const router = useRouter();
  const [text, setText] = useState(term);
  const trimmed = text.trim();
  const tooShort = trimmed.length < SEARCH_MIN_TERM_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (tooShort) return;
    router.history.push(routePath('documentationSearch', {}, { q: trimmed }));
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <form role="search" onSubmit={submit}>
        <Group gap="xs" align="flex-start" wrap="nowrap" maw={640}>
          <TextInput
            flex={1}
            label={m.searchLabel}
            placeholder={m.searchPlaceholder}
            value={text}
            maxLength={SEARCH_TERM_MAX_LENGTH}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<Icon name="search" size={16} />}
            description={text !== '' && tooShort ? m.typeMore : undefined}
            type="search"
          />
          <Button type="submit" mt={25} disabled={tooShort}>
            {m.searchSubmit}
          </Button>
        </Group>
      </form>
      {children}
    </Stack>
  );
}
