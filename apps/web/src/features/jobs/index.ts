/** The jobs feature's public surface for the app and other features (CONVENTIONS §2). */
export { JobDetail } from './components/job-detail';
export { JobList } from './components/job-list';
export { jobMessages } from './messages';
export { jobListSearchSchema } from './utils/job-display';
