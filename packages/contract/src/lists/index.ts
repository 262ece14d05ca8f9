export * from './list-query.js';
export * from './list-grammar.js';
export * from './parse-list-query.js';
export * from './format-list-query.js';
export * from './counted-list.js';
