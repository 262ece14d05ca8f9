/**
 * The response serializer of hot list routes whose presenter builds the contract's shape field
 * by field (typed by the contract's zod type): plain `JSON.stringify`, without the second zod
 * pass that `fastify-type-provider-zod` runs on every response. On a page of 50 devices that
 * pass costs more than the JSON itself. The route keeps its response schema (types, OpenAPI),
 * and an API test parses the route's answers with the contract schema and checks that nothing
 * was added or dropped. Use it per route (`serializerCompiler: presentedJson`), not globally.
 */
export const presentedJson = () => (data: unknown) => JSON.stringify(data);
