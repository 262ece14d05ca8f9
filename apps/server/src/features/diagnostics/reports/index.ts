/**
 * The diagnostics feature's report builders: pure functions of a published bundle's contents
 * (and, for the overview, the portal's device record) that never throw on bad content
 * (decision 039). The feature's service reads the stored bundle through `BundleContents`.
 */
export type { AssetDevice, BundleContents } from './bundle-contents.js';
export { buildOverview } from './overview.report.js';
export { buildBistReport, buildPostReport } from './self-test.report.js';
