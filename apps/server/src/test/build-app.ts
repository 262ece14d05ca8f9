/**
 * The composition root for API tests that start a second app on the same database (restart
 * and multi-instance tests). Feature code never imports app.ts; tests reach it through here.
 */
export { buildApp } from '../app.js';
