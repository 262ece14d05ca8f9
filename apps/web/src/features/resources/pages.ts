import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';
import {
  documentSearchSchema,
  downloadSearchSchema,
  topicSearchSchema,
} from './utils/resources-search';

/**
 * Resources (spec 002 "Resources and documentation"): the topics, a topic's folders, a file's
 * download page and the document search; each page its own chunk.
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
    validateSearch: topicSearchSchema,
  },
  downloadDocumentationFile: {
    component: lazyRouteComponent(() => import('./pages/download-page'), 'DownloadPage'),
    validateSearch: downloadSearchSchema,
  },
  documentationSearch: {
    component: lazyRouteComponent(() => import('./pages/search-page'), 'SearchPage'),
    validateSearch: documentSearchSchema,
  },
});
