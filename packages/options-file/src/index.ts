export * from './options-file.js';
export { exampleOptionsContent } from './example.js';
