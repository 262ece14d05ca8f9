import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/**
 * Resources (spec 002 "Resources and documentation"): the topics, a topic's folders, a file's
 * download page and the document search; each page its own chunk. Each page reads its own
 * search values (utils/resources-search.ts), so their schemas stay out of the first chunk.
 */
export const resourcesPages = definePages({
  resources: {
    component: lazyRouteComponent(() => import('./pages/resources-page'), 'ResourcesPage'),
  },
  documentationTopics: {
    component: lazyRouteComponent(() => import('./pages/topics-page'), 'TopicsPage'),
  },
  documentationTopic: {
    component: lazyRouteComponent(() => import('./pages/topic-page'), 'TopicPage'),
  },
  downloadDocumentationFile: {
    component: lazyRouteComponent(() => import('./pages/download-page'), 'DownloadPage'),
  },
  documentationSearch: {
    component: lazyRouteComponent(() => import('./pages/search-page'), 'SearchPage'),
  },
});
