import { DOCUMENT_TOPICS } from '@aerie/contract';
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { routePath } from '../../../lib/route-paths';
import { ResourcesFrame } from '../components/resources-frame';
import { resourcesMessages as m } from '../messages';
import { useAppLink } from '../utils/links';
import classes from '../components/resources.module.css';

/** `/resources/topics` (documentationTopics): the nine folders of spec 002. */
export function TopicsPage() {
  const appLink = useAppLink();
  return (
    <ResourcesFrame>
      <nav aria-label={m.topicsLabel}>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          component="ul"
          className={classes.topics}
        >
          {DOCUMENT_TOPICS.map((topic) => {
            const href = routePath('documentationTopic', {}, { rootDir: `/documents/${topic}` });
            return (
              <li key={topic}>
                <UnstyledButton
                  component="a"
                  href={href}
                  onClick={appLink(href)}
                  className={classes.topic}
                >
                  <Icon name="folder" size={22} />
                  <Text fw={600}>{topic}</Text>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      </nav>
    </ResourcesFrame>
  );
}
